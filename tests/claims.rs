//! Claims the book makes about chapter 1 that deserve to fail loudly on their own, apart from
//! the text of any block. (Later chapters add theirs here.)

fn run(args: &str) -> String {
    theworld::run::run(&format!("cargo run --release -p {args}")).expect("a runnable command")
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
