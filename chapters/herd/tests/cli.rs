//! Bad input ends in one line on stderr and an exit code, never a panic.

use std::process::Command;

use world::shell::testing;

/// Runs the chapter binary; returns its exit code, stdout and stderr.
fn herd(args: &[&str]) -> (i32, String, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_herd")).args(args).output().expect("the binary runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8");
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

/// Exits with `code` and says why in exactly one line that contains `says`.
fn refused(args: &[&str], code: i32, says: &str) {
    let (got, _, err) = herd(args);
    assert_eq!(got, code, "{args:?}: exit {got}, stderr {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: not one line: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err:?} does not say {says:?}");
}

#[test]
fn usage_errors_exit_2_in_one_line() {
    refused(&["alone", "-n", "0"], 2, "give 1 to 2000");
    refused(&["alone", "-n", "99999999999"], 2, "out of range");
    refused(&["alone", "-n", "-5"], 2, "not a whole number");
    refused(&["clock", "--chart", "clock.png"], 2, "its name must end in .svg");
    refused(&["alone", "--ticks", "-1"], 2, "not a whole number");
    refused(&["alone", "--ticks", "abc"], 2, "not a whole number");
    refused(&["alone", "--ticks", "99999999999"], 2, "out of range");
    refused(&["alone", "--radius", "0"], 2, "above 0");
    refused(&["alone", "--radius", "-3"], 2, "above 0");
    refused(&["alone", "--radius", "nan"], 2, "above 0");
    refused(&["alone", "--radius", "wide"], 2, "not a radius");
    refused(&["alone", "--rule", "stampede"], 2, "stampede");
    refused(&["sweep", "--every", "0"], 2, "every");
    refused(&["distances", "--ticks", "0"], 2, "ticks");
    refused(&["agree", "--ticks", "1001"], 2, "give 0 to 1000");
    refused(&["agree", "-n", "0"], 2, "give 1 to 2000");
    refused(&["clock", "--millis", "0"], 2, "millis");
    refused(&["distances", "--round", "3"], 2, "round");
    refused(&["clock", "--round", "0"], 2, "round");
    refused(&["graze"], 2, "graze");
    refused(&["alone", "--everybody", "--unordered"], 2, "cannot be used with");
}

#[test]
fn a_radius_wider_than_a_bucket_is_a_usage_error_naming_the_flag() {
    refused(&["alone", "--radius", "16.5"], 2, "give --radius 16 or less, or add --everybody");
    refused(&["alone", "--radius", "17"], 2, "--radius 17 is wider than the 16 px cells");
    refused(&["sweep", "--radius", "40", "--ticks", "3"], 2, "--radius 40 is wider");
    // Everybody has no buckets, so it can answer any radius.
    let (code, out, _) = herd(&["alone", "--radius", "40", "--everybody", "--ticks", "3"]);
    assert_eq!(code, 0);
    assert!(out.contains("all three"));
}

#[test]
fn a_picture_folder_that_cannot_be_made_is_a_usage_error_naming_its_flag() {
    refused(&["alone", "--ticks", "1", "--shot", "/dev/null/pictures"], 2, "--shot /dev/null/pic");
    refused(
        &["clock", "--millis", "1", "--chart", "/dev/null/clock.svg"],
        2,
        "--chart /dev/null/clock.svg",
    );
}

#[test]
fn small_and_empty_runs_give_sensible_answers() {
    let (code, out, err) = herd(&["alone", "-n", "1", "--ticks", "5"]);
    assert_eq!(code, 0, "{err}");
    // One walker has no nearest neighbour, and is one group of one.
    assert!(out.lines().any(|l| l.starts_with("all three") && l.contains(" - ")), "{out}");
    let (code, out, _) = herd(&["alone", "--ticks", "0", "--rule", "all"]);
    assert_eq!(code, 0);
    assert!(out.contains("0 ticks"));
    let (code, out, _) = herd(&["sweep", "--ticks", "0"]);
    assert_eq!(code, 0);
    assert!(out.contains("disagreed with everybody on 0 of 0 ticks"), "{out}");
}

#[test]
fn pictures_are_written_and_announced() {
    let dir = std::env::temp_dir().join(format!("herd-cli-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let (code, out, err) =
        herd(&["alone", "-n", "20", "--ticks", "3", "--rule", "align", "--shot", d]);
    assert_eq!(code, 0, "{err}");
    let png = dir.join("align.png");
    assert!(out.contains(&format!("wrote {}", png.display())), "{out}");
    assert!(std::fs::metadata(&png).unwrap().len() > 100);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_teaches_and_exits_0() {
    let (code, out, _) = herd(&["alone", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--shot") && out.contains("together"));
}

const BIN: &str = env!("CARGO_BIN_EXE_herd");

#[test]
fn pictures_are_written_even_when_nobody_reads_the_report() {
    let dir = testing::scratch("herd-closed");
    let shots = dir.join("shots");
    let (code, err) =
        testing::cut_short(BIN, &["alone", "--ticks", "5", "--shot", shots.to_str().unwrap()], 0);
    assert_eq!((code, err.as_str()), (0, ""));
    for rule in ["none", "separate", "align", "cohere", "herd"] {
        assert!(std::fs::metadata(shots.join(format!("{rule}.png"))).unwrap().len() > 100);
    }
    let chart = dir.join("distances.svg");
    let (code, err) = testing::cut_short(
        BIN,
        &["distances", "--ticks", "1", "--chart", chart.to_str().unwrap()],
        0,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(std::fs::metadata(&chart).unwrap().len() > 100);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_path_is_checked_before_the_work() {
    for args in [
        &["distances", "--ticks", "1", "--chart", "/no/such/folder/t.svg"][..],
        &["clock", "--millis", "1", "--chart", "/no/such/folder/c.svg"],
        &["alone", "--ticks", "1", "--shot", "/dev/null/pictures"],
    ] {
        let (code, out, err) = herd(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        let flag = if args[0] == "alone" { "--shot " } else { "--chart " };
        assert!(err.contains(flag), "{args:?} does not name its flag: {err}");
        assert!(out.is_empty(), "{args:?} ran before refusing its path: {out}");
    }
    // A shot folder that is not there yet is made, but only when the first picture is due.
    let dir = testing::scratch("herd-later");
    let shots = dir.join("shots");
    let (code, _, err) =
        herd(&["alone", "--ticks", "1", "--rule", "none", "--shot", shots.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(shots.join("none.png").is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_refusal_keeps_the_flag_the_values_and_the_tip() {
    refused(
        &["alone", "--rule", "bogus"],
        2,
        "possible values: none, separate, align, cohere, all",
    );
    refused(&["alone", "--tick", "3"], 2, "similar argument exists: '--ticks'");
    refused(&["alone", "--seed", "-1"], 2, "'--seed <SEED>'");
    refused(&["sweep", "--every", " 3"], 2, "'--every <EVERY>'");
    refused(&["clock", "--millis", "+5"], 2, "'--millis <MILLIS>'");
    refused(&["alone", "--ticks", " 3"], 2, "not a whole number");
    refused(&["distances", "--ticks", " 3"], 2, "not a whole number");
}

#[test]
fn one_walker_and_one_tick_are_singular() {
    let (_, out, _) = herd(&["alone", "-n", "1", "--ticks", "1", "--rule", "all"]);
    assert!(out.starts_with("1 walker, 1 tick on the valley"), "{out}");
    let (_, out, _) = herd(&["sweep", "-n", "1", "--ticks", "1"]);
    assert!(out.starts_with("1 walker hearing all three, 1 tick on"), "{out}");
    assert!(out.contains("on 0 of 1 tick\n"), "{out}");
}

#[test]
fn progress_never_goes_to_a_stderr_that_is_not_a_terminal() {
    let (code, _, err) = herd(&["alone", "-n", "2000", "--ticks", "6"]);
    assert_eq!(code, 0);
    assert!(err.is_empty(), "{err}");
}

#[test]
#[cfg(target_os = "linux")]
fn a_long_run_shows_progress_on_a_terminal() {
    let (terminal, report) = testing::on_a_terminal(BIN, "distances --ticks 1");
    assert!(terminal.contains("distances: [") && terminal.contains("/10"), "{terminal:?}");
    assert_eq!(report, herd(&["distances", "--ticks", "1"]).1, "progress reached the report");
}

#[test]
fn a_film_too_long_is_a_usage_error_naming_both_flags() {
    let dir = testing::scratch("herd-long-film");
    let film = dir.join("f");
    refused(&["alone", "--ticks", "1001", "--film", film.to_str().unwrap()], 2, "--ticks 1000");
    let (_, _, err) = herd(&["alone", "--ticks", "1001", "--film", film.to_str().unwrap()]);
    assert!(err.contains("--film"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_flag_where_a_number_was_due_is_refused_as_a_flag() {
    refused(&["alone", "-n", "--ticks", "1"], 2, "-n was given '--ticks', a flag");
    refused(&["sweep", "--ticks", "-n", "3"], 2, "--ticks was given '-n', a flag");
    refused(&["alone", "--seed", "--ticks", "1"], 2, "give --seed its value before the next");
    refused(&["alone", "-n", "--ticks"], 2, "-n was given '--ticks', a flag");
    refused(&["alone", "-n", "-5"], 2, "not a whole number");
}

#[test]
fn one_folder_for_stills_and_films_is_refused_naming_both() {
    refused(&["alone", "--ticks", "1", "--shot", "d", "--film", "./d"], 2, "--shot and --film");
}

#[test]
fn a_refusal_with_stderr_gone_still_exits_with_its_code() {
    let bin = env!("CARGO_BIN_EXE_herd");
    assert_eq!(testing::stderr_gone(bin, &["alone", "-n", "0"]), 2);
}

#[test]
fn an_argument_that_is_not_text_is_named_in_one_line() {
    let bin = env!("CARGO_BIN_EXE_herd");
    for (args, names) in [
        (&["alone", "--shot", "d", "-n", "bad"][..], "argument 5, the value of -n"),
        (&["alone", "--seed", "bad"], "argument 3, the value of --seed"),
    ] {
        let (code, err) = testing::not_text(bin, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(names) && err.contains("not UTF-8"), "{args:?}: {err}");
    }
}

#[test]
fn a_run_stopped_by_a_signal_leaves_the_folder_as_it_found_it() {
    let dir = testing::scratch("herd-signal");
    let (shot, film) = (dir.join("d"), dir.join("f"));
    for signal in ["INT", "TERM", "HUP"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_herd"))
            .args(["alone", "-n", "2000", "--ticks", "300", "--film"])
            .arg(&film)
            .arg("--shot")
            .arg(&shot)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Wait for the run's first scratch file, then stop it.
        let started = std::time::Instant::now();
        while std::fs::read_dir(&shot).map_or(0, |d| d.count()) == 0 {
            assert!(started.elapsed().as_secs() < 60, "no scratch file appeared");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let kill = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(child.id().to_string())
            .status()
            .unwrap();
        assert!(kill.success());
        let status = child.wait().unwrap();
        assert!(!status.success(), "{signal}: {status:?}");
        assert!(!shot.exists() && !film.exists(), "{signal}: the new folders were left");
    }
}

#[test]
fn a_walker_number_refuses_a_sign_like_every_other_whole_number() {
    for walker in ["+1", "-1", " 1"] {
        let (code, out, err) = herd(&["near", "--walker", walker]);
        assert_eq!(code, 2, "{walker}: {out}{err}");
        assert!(out.is_empty() && err.contains("there is no walker"), "{walker}: {err}");
    }
    assert_eq!(herd(&["near", "--walker", "1"]).0, 0);
}

#[test]
fn a_radius_too_wide_is_told_the_flags_this_command_has() {
    let (code, _, err) = herd(&["sweep", "--radius", "17"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("give --radius 16 or less") && !err.contains("everybody"), "{err}");
    refused(&["alone", "--radius", "17", "--buckets"], 2, "or drop --buckets for --everybody");
    let (_, help, _) = herd(&["sweep", "--help"]);
    assert!(help.contains("where the command has it"), "{help}");
}

#[test]
fn a_folder_flags_file_that_is_another_flags_folder_is_refused_before_the_work() {
    let dir = testing::scratch("herd-overlap");
    let (s, inner) = (dir.join("s"), dir.join("s/herd.png"));
    let started = std::time::Instant::now();
    let (code, _, err) = herd(&[
        "alone",
        "-n",
        "500",
        "--ticks",
        "300",
        "--shot",
        s.to_str().unwrap(),
        "--film",
        inner.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--shot and --film name the same place"), "{err}");
    assert!(started.elapsed().as_secs() < 5, "refused only after the work");
    assert!(!s.exists(), "the refusal made a folder");
}

#[test]
fn a_folder_whose_files_would_pass_the_path_limit_is_refused_before_the_work() {
    let dir = testing::scratch("herd-long");
    let base = std::path::absolute(&dir).unwrap();
    // A folder of 4,090 bytes in all: it fits, but no file name does inside it.
    let mut long = base.clone();
    while long.as_os_str().len() + 101 < 4090 {
        long.push("d".repeat(100));
    }
    let last = 4090 - long.as_os_str().len() - 1;
    long.push("e".repeat(last));
    assert_eq!(long.as_os_str().len(), 4090);
    refused(
        &["alone", "-n", "2000", "--ticks", "2000", "--shot", long.to_str().unwrap()],
        2,
        "past 4095",
    );
}

#[test]
fn a_path_with_a_newline_is_one_line_in_an_error() {
    let dir = testing::scratch("herd-newline");
    let odd = dir.join("f\nx");
    std::fs::write(&odd, "a file in the way").unwrap();
    refused(&["alone", "--ticks", "1", "--shot", odd.to_str().unwrap()], 2, "\\n");
}
