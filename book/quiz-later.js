// An mdBook preprocessor, run after mdbook-quiz: it takes out the <script> tag mdbook-quiz puts
// at the end of every page with a quiz. That script is 1.4 MB, and as a plain tag in the page
// it is fetched and run before anything after it, the live panels included, on a phone too.
// quizzes.js (one of the book's own scripts) fetches it instead when the reader starts a quiz.
// The quiz's style sheet stays: it is small, and the placeholders need it.
//
// mdBook asks `node quiz-later.js supports html` first, then gives [context, book] as JSON on
// stdin and takes the book back on stdout.
"use strict";
if (process.argv[2] === "supports") process.exit(0);
const TAG = /<script type="text\/javascript" src="[^"]*quiz-embed\.iife\.js"><\/script>/g;
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const [, book] = JSON.parse(input);
  const walk = (node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      if (typeof node.content === "string") node.content = node.content.replace(TAG, "");
      Object.values(node).forEach(walk);
    }
  };
  walk(book);
  process.stdout.write(JSON.stringify(book));
});
