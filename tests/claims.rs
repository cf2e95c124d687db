//! Claims the book makes about its chapters that deserve to fail loudly on their own, apart from
//! the text of any block. (Later chapters add theirs here.)

fn run(args: &str) -> String {
    let ran =
        theworld::run::run(&format!("cargo run --release -p {args}")).expect("a runnable command");
    assert_eq!(ran.refused, None, "{args}");
    ran.stdout
}

#[test]
fn held_body_figures_follow_from_the_rules() {
    let out = run("bodies -- held --ticks 400");
    for figure in ["4.208", "6.804", "47.664", "0.456", "11.380", "18.200", "2364.121", "123.100"] {
        assert!(out.contains(figure), "held lost {figure}:\n{out}");
    }
    assert!(out.contains("48.120 and 2364.121"), "{out}");
}

#[test]
fn two_swarm_runs_agree_and_two_sum_orders_do_not() {
    let swarm = run("bodies -- swarm");
    assert!(swarm.contains("frame hashes equal on all 400 ticks:  yes"), "{swarm}");
    assert!(swarm.contains("number hashes equal on all 400 ticks: yes"), "{swarm}");
    let clash = run("bodies -- clash");
    assert!(clash.contains("numbers first differ: tick 1"), "{clash}");
    assert!(clash.contains("frames first differ:  none in 400 ticks"), "{clash}");
}

#[test]
fn six_orders_make_exactly_two_sums_and_a_hashmap_finds_both() {
    let out = run("bodies -- reorder");
    assert_eq!(out.matches("bits 3fd999999999999a").count(), 4, "{out}");
    assert_eq!(out.matches("bits 3fd9999999999999").count(), 2, "{out}");
    assert!(out.contains("walks over a HashMap: 2"), "{out}");
}

#[test]
fn the_herd_hand_table_is_the_pencil_arithmetic() {
    let out = run("herd -- hand");
    for figure in [
        "-0.310, -2.482      2.501 -0.037, -0.298",
        "-0.360, -2.520      2.546 -0.042, -0.297",
        "-3.720, 0.840      3.814  -0.293, 0.066",
        "(-0.365, -0.714), length 0.802",
        "0.3: (-0.137, -0.267)",
        "at (97.663, 64.333) moving (1.663, 0.333)",
    ] {
        assert!(out.contains(figure), "hand lost {figure}:\n{out}");
    }
}

#[test]
fn ordered_buckets_never_disagree_and_unordered_always_do() {
    let out = run("herd -- sweep --rule all -n 120 --ticks 400");
    assert!(out.contains("ordered buckets disagreed with everybody on 0 of 400 ticks"), "{out}");
    assert!(out.contains("unordered buckets disagreed on 400 of 400"), "{out}");
    assert!(out.contains("unordered numbers first differed: tick 1\n"), "{out}");
    assert!(!out.contains("mailboxes"), "the first round's sweep has no mailboxes:\n{out}");
    let out = run("herd -- sweep --round 2 --rule all -n 120 --ticks 400");
    assert!(out.contains("ordered buckets disagreed with everybody on 0 of 400 ticks"), "{out}");
    assert!(out.contains("mailboxes disagreed with everybody on 0 of 400 ticks"), "{out}");
}

#[test]
fn everybody_measures_exactly_n_times_n_minus_one() {
    // `distances` prints "exactly" where everybody made n(n - 1) tests and "NO" where it did
    // not, and carries on: the count of each is the claim.
    let out = run("herd -- distances --ticks 1");
    assert_eq!(out.matches("exactly").count(), 5, "{out}");
    assert!(!out.contains(" NO "), "{out}");
}
