//! The crowd binary from outside: the counts it must print, and bad input turned into one line
//! and an exit code, never a panic.

use std::process::{Command, Output};

use world::shell::testing;

fn crowd(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_crowd")).args(args).output().expect("the binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn refused(args: &[&str], code: i32, says: &str) {
    let o = crowd(args);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

/// The figure at the end of the row that `what` starts, read as the row holds it; none when no
/// row starts so.
fn figure<'a>(out: &'a str, what: &str) -> Option<&'a str> {
    let row = out.lines().find(|l| l.trim_start().starts_with(what))?;
    row.split_whitespace().next_back()
}

#[test]
fn sums_prints_the_counts() {
    let o = text(&crowd(&["sums"]).stdout);
    for (what, want) in [
        ("weights in its brain", "378"),
        ("multiplications in a forward pass", "360"),
        ("multiply-adds in their forward passes", "1080000"),
        ("ray strides at the sight cap", "1296000"),
        ("cells in the valley", "15000"),
    ] {
        assert_eq!(figure(&o, what), Some(want), "{what} in:\n{o}");
    }
    let o = text(&crowd(&["sums", "--crowd", "30000", "--rows", "1000"]).stdout);
    for (what, want) in [
        ("multiply-adds in their forward passes", "10800000"),
        ("ray strides at the sight cap", "12960000"),
        ("cells in the valley", "150000"),
    ] {
        assert_eq!(figure(&o, what), Some(want), "{what} in:\n{o}");
    }
}

#[test]
fn a_figure_is_read_from_its_own_row() {
    let out = "  weights in its brain   378\n  additions in a forward pass   1378\n";
    assert_eq!(figure(out, "weights in its brain"), Some("378"));
    assert_eq!(figure(out, "additions in a forward pass"), Some("1378"));
    assert_eq!(figure(out, "tanh calls"), None);
}

#[test]
fn bad_numbers_are_usage_errors() {
    refused(&["sums", "--crowd", "0"], 2, "out of range");
    refused(&["sums", "--rows", "0"], 2, "out of range");
    refused(&["sums", "--crowd", "-3"], 2, "--crowd");
    refused(&["sums", "--crowd", "99999999999"], 2, "out of range");
    refused(&["spend", "--ticks", "abc"], 2, "not a whole number");
    refused(&["spend", "--ticks", "0"], 2, "out of range");
    refused(&["spend", "--crew", "0"], 2, "out of range");
    refused(&["fit", "--crew", "x"], 2, "not a whole number");
    refused(&["crew", "--ticks", "1e3"], 2, "not a whole number");
    refused(&["fit", "--budget", "0"], 2, "out of range");
    refused(&["fit", "--budget", "10001"], 2, "out of range");
    refused(&["levels", "--every", "0"], 2, "out of range");
    refused(&["wander"], 2, "unrecognized subcommand");
}

#[test]
fn more_creatures_than_ground_is_a_usage_error_naming_both_flags() {
    refused(&["sums", "--crowd", "15000"], 2, "--crowd 15000 does not fit --rows 100");
    refused(&["spend", "--crowd", "15001", "--ticks", "1"], 2, "--crowd 15001 does not fit");
    refused(&["spend", "--rows", "1", "--ticks", "1"], 2, "give --crowd 1 to");
    refused(&["spend", "--rows", "1", "--ticks", "1"], 2, "or more --rows");
}

#[test]
fn unwritable_paths_are_one_line() {
    refused(
        &["spend", "--ticks", "1", "--cpuprofile", "/no/such/dir/p.svg"],
        2,
        "--cpuprofile /no",
    );
    refused(&["picture", "--ticks", "1", "--out", "/no/such/dir/v.png"], 2, "--out /no/such/dir");
    refused(&["fit", "--ticks", "1", "--chart", "/no/such/dir/c.svg"], 2, "--chart /no/such/dir");
    refused(&["crew", "--ticks", "1", "--chart", "/no/such/dir/c.svg"], 2, "--chart /no/such/dir");
}

#[test]
fn more_threads_than_creatures_is_fine() {
    let o = crowd(&["spend", "--ticks", "3", "--crowd", "5", "--crew", "64"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let one = crowd(&["spend", "--ticks", "3", "--crowd", "5", "--crew", "1"]);
    assert_eq!(o.stdout, one.stdout);
}

#[test]
fn every_ledger_row_is_the_same_run_and_the_last_allocates_nothing_when_warm() {
    let o = crowd(&["ledger", "--ticks", "120"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let rows: Vec<Vec<&str>> = out
        .lines()
        .filter(|l| {
            l.trim_end().len() > 16 && l.trim_end().ends_with(|c: char| c.is_ascii_hexdigit())
        })
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 6, "{out}");
    let digest = |r: &Vec<&str>| r[r.len() - 1].to_string();
    assert!(rows.iter().all(|r| digest(r) == digest(&rows[0])), "{out}");
    let late = |r: &Vec<&str>| r[r.len() - 2].parse::<f64>().unwrap();
    assert!(late(&rows[0]) > 1000.0, "{out}");
    assert_eq!(late(&rows[4]), 0.0, "{out}");
    assert_eq!(late(&rows[5]), 0.0, "{out}");
}

#[test]
fn conflicting_switches_are_usage_errors() {
    refused(&["spend", "--was", "--crew", "8"], 2, "cannot be used with");
    refused(&["spend", "--narrow", "--crew", "2"], 2, "cannot be used with");
    refused(&["spend", "--was", "--maps"], 2, "cannot be used with");
    refused(&["spend", "--was", "--hasty"], 2, "cannot be used with");
    refused(&["spend", "--narrow", "--loose"], 2, "cannot be used with");
    refused(&["fit", "--was", "--crew", "2"], 2, "cannot be used with");
    refused(&["fit", "--budget", "50", "--more", "3"], 2, "cannot be used with");
    refused(&["fit", "--budget", "50", "--clock"], 2, "cannot be used with");
    refused(&["spend", "--was", "--serial"], 2, "cannot be used with");
    refused(&["picture", "--maps", "--unringed", "--out", "x.png"], 2, "cannot be used with");
}

#[test]
fn a_stage_refuses_what_it_has_on_and_what_that_leaves_nothing_to_do() {
    refused(&["spend", "--as-of", "first", "--floor"], 2, "'--floor' cannot be used with");
    refused(&["spend", "--as-of", "first", "--crew", "2"], 2, "'--crew' cannot be used with");
    refused(&["fit", "--as-of", "first", "--crew", "2"], 2, "'--crew' cannot be used with");
    refused(&["crew", "--as-of", "split", "--alone"], 2, "'--alone' cannot be used with");
    refused(&["spend", "--as-of", "first", "--was"], 2, "cannot be used with");
    refused(&["spend", "--as-of", "third", "--serial"], 2, "'--serial' cannot be used with");
    refused(
        &["spend", "--as-of", "sixth"],
        2,
        "possible values: first, split, second, third, fourth, fifth",
    );
    refused(&["spend", "--as-of", "fourth", "--levels"], 2, "'--levels' cannot be used with");
    refused(&["designs", "--as-of", "first", "--only", "split"], 2, "'--only split' cannot");
}

#[test]
fn designs_against_a_stage_lists_only_the_switches_that_stage_leaves_to_turn_on() {
    let o = crowd(&["designs", "--ticks", "1", "--as-of", "first"]);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(o.status.success(), "{err}");
    for row in ["--maps", "--fresh", "--twice", "--wordy", "at once"] {
        assert!(out.lines().any(|l| l.trim_start().starts_with(row)), "{row}: {out}");
    }
    // `--was` is every switch at once, and `--floor` is the second round's: both are on already.
    for row in ["--was", "--floor", "--narrow"] {
        assert!(!out.lines().any(|l| l.trim_start().starts_with(row)), "{row}: {out}");
    }
}

#[test]
fn a_list_flag_given_twice_and_a_dashed_enum_value_are_refused() {
    refused(&["fit", "--more", "1", "--more", "2"], 2, "'--more <TIMES>' cannot be used multiple");
    refused(&["wall", "--more", "1", "--more", "2"], 2, "'--more <TIMES>' cannot be used multiple");
    refused(&["sums", "--isa", "-1"], 2, "write --isa=-1");
    refused(&["designs", "--only", "-1"], 2, "write --only=-1");
}

#[test]
fn the_capacity_search_says_what_it_timed_and_how() {
    for (args, timed) in [
        (&["fit", "--budget", "1", "--ticks", "1"][..], "of the phase as it stands"),
        (&["fit", "--budget", "1", "--ticks", "1", "--as-of", "split"], "as the split left it"),
    ] {
        let o = crowd(args);
        let out = text(&o.stdout);
        let said = out.lines().nth(1).unwrap_or_default();
        assert!(
            said.contains("a trial's mean, after one untimed tick") && said.ends_with(timed),
            "{out}"
        );
        let walk = out.lines().nth(2).unwrap_or_default();
        assert!(walk.starts_with("  the walk: "), "{out}");
    }
}

#[test]
fn a_crew_table_too_large_for_its_valley_is_refused_naming_both_flags() {
    refused(&["crew", "--crowd", "3001", "--rows", "10"], 2, "--crowd 3001 does not fit --rows 10");
}

#[test]
fn the_phase_as_the_first_round_left_it_is_the_same_run() {
    let first = text(&crowd(&["spend", "--ticks", "40", "--as-of", "first"]).stdout);
    let now = text(&crowd(&["spend", "--ticks", "40", "--crew", "2"]).stdout);
    let counts = |s: &str| s.lines().skip(3).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(counts(&first), counts(&now));
    assert!(first.contains("fans cast each at its creature's turn"), "{first}");
}

#[test]
fn the_first_wiring_and_the_last_are_the_same_run() {
    let was = text(&crowd(&["spend", "--ticks", "120", "--was"]).stdout);
    let now = text(&crowd(&["spend", "--ticks", "120", "--crew", "2"]).stdout);
    let counts = |s: &str| s.lines().skip(3).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(counts(&was), counts(&now));
    assert!(now.contains("creatures that starved"), "{now}");
}

const BIN: &str = env!("CARGO_BIN_EXE_crowd");

#[test]
fn a_chart_is_written_whole_even_when_the_reader_stops_early() {
    let dir = testing::scratch("crowd-head");
    for mode in ["crew", "fit"] {
        let chart = dir.join(format!("{mode}.svg"));
        let args = [mode, "--ticks", "2", "--chart", chart.to_str().unwrap()];
        let (code, err) = testing::cut_short(BIN, &args, 1);
        assert_eq!((code, err.as_str()), (0, ""), "{mode}");
        let svg = std::fs::read_to_string(&chart).unwrap();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"), "{mode}: {svg}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_that_cannot_finish_leaves_the_file_it_was_given_alone() {
    let dir = testing::scratch("crowd-keep");
    let kept = dir.join("k.svg");
    std::fs::write(&kept, "data\n").unwrap();
    let o = crowd(&["spend", "--ticks", "5", "--cpuprofile", kept.to_str().unwrap()]);
    if cfg!(feature = "pprof") {
        assert!(o.status.success(), "{}", text(&o.stderr));
    } else {
        assert_eq!(o.status.code(), Some(1));
        assert!(text(&o.stderr).contains("no profiler"), "{}", text(&o.stderr));
        assert!(o.stdout.is_empty(), "it ran before refusing: {}", text(&o.stdout));
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "data\n");
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "a scratch file was left behind");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_path_is_checked_before_the_work() {
    for args in [
        &["picture", "--ticks", "1", "--out", "/no/such/dir/v.png"][..],
        &["crew", "--ticks", "1", "--chart", "/no/such/dir/c.svg"],
        &["fit", "--ticks", "1", "--chart", "/no/such/dir/c.svg"],
    ] {
        let o = crowd(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let flag = if args[0] == "picture" { "--out /no/such" } else { "--chart /no/such" };
        assert!(text(&o.stderr).contains(flag), "{args:?}: {}", text(&o.stderr));
        assert!(o.stdout.is_empty(), "{args:?} ran first: {}", text(&o.stdout));
    }
}

#[test]
fn a_file_named_for_another_format_is_refused() {
    refused(&["fit", "--chart", "fit.png"], 2, "its name must end in .svg");
    refused(&["picture", "--out", "valley.svg"], 2, "its name must end in .png");
}

#[test]
fn conflicting_flags_are_refused() {
    refused(&["spend", "--clock", "--cpuprofile", "p.svg"], 2, "--clock");
    refused(&["spend", "--clock", "--cpuprofile", "p.svg"], 2, "--cpuprofile");
}

#[test]
fn a_refusal_keeps_the_missing_flag_and_the_tip() {
    refused(&["picture"], 2, "--out <FILE>");
    refused(&["spend", "--tick", "3"], 2, "similar argument exists: '--ticks'");
    refused(&["spend", "--ticks", " 3"], 2, "'--ticks <TICKS>'");
}

#[test]
fn every_size_stays_within_the_stated_limits() {
    refused(&["spend", "--crowd", "150001"], 2, "give 1 to 150000");
    refused(&["sums", "--crowd", "300000"], 2, "give 1 to 150000");
    refused(&["fit", "--more", "51"], 2, "give 1 to 50");
    let help = text(&crowd(&["spend", "--help"]).stdout);
    assert!(help.contains("1 to 150,000"), "{help}");
    let help = text(&crowd(&["fit", "--help"]).stdout);
    assert!(help.contains("150,000 creatures"), "{help}");
}

#[test]
fn one_creature_is_singular() {
    let out = text(&crowd(&["spend", "--ticks", "1", "--crowd", "1"]).stdout);
    assert!(out.lines().next().unwrap().ends_with(", 1 creature"), "{out}");
    let out = text(&crowd(&["sums", "--crowd", "1"]).stdout);
    assert!(out.contains("\n1 creature on a 150x100 valley"), "{out}");
}

#[test]
#[cfg(target_os = "linux")]
fn a_long_run_shows_progress_on_a_terminal_and_nowhere_else() {
    let args = "spend --ticks 20 --crowd 300";
    let (terminal, report) = testing::on_a_terminal(BIN, args);
    assert!(terminal.contains("spend: [") && terminal.contains("/20"), "{terminal:?}");
    let plain = Command::new(BIN)
        .args(args.split(' '))
        .env("WORLD_PROGRESS_AFTER_MS", "0")
        .output()
        .unwrap();
    assert!(plain.stderr.is_empty(), "{}", text(&plain.stderr));
    assert_eq!(report, text(&plain.stdout), "progress reached the report");
}

/// `crew --crowd` runs a crowd of the reader's own, and every crew is still the narrow run.
#[test]
fn a_crew_of_another_crowd_is_the_same_run() {
    let o = crowd(&["crew", "--ticks", "30", "--crowd", "1500"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.starts_with("150x100 valley, 1500 creatures, 30 ticks"), "{out}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  ") && l.trim_start().starts_with(char::is_numeric))
        .collect();
    assert_eq!(rows.len(), 5, "{out}");
    assert!(rows.iter().all(|r| r.split_whitespace().nth(2) == Some("yes")), "{out}");
}

#[test]
fn a_film_too_long_is_a_usage_error_naming_both_flags() {
    let args = ["picture", "--ticks", "1001", "--out", "/tmp/o.png", "--film", "/tmp/f.png"];
    refused(&args, 2, "give --ticks 1000 or fewer, or leave out --film");
}

#[test]
fn a_shared_flag_given_twice_is_refused() {
    refused(&["--isa", "plain", "spend", "--isa", "avx2"], 2, "--isa is given 2 times");
    refused(&["--isa=plain", "sums", "--isa=avx2"], 2, "give it once");
}

#[test]
fn one_file_for_two_flags_is_refused_naming_both() {
    let dir = testing::scratch("crowd-same");
    let p = dir.join("s.png");
    let p = p.to_str().unwrap();
    refused(&["picture", "--ticks", "1", "--out", p, "--close", p], 2, "--out and --close");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "nothing was written");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_refusal_with_stderr_gone_still_exits_with_its_code() {
    let bin = env!("CARGO_BIN_EXE_crowd");
    assert_eq!(testing::stderr_gone(bin, &["spend", "--crew", "0"]), 2);
}

#[test]
fn an_argument_that_is_not_text_is_named_in_one_line() {
    let (code, err) = testing::not_text(env!("CARGO_BIN_EXE_crowd"), &["spend", "--crew", "bad"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("argument 3, the value of --crew"), "{err}");
}

#[test]
fn the_rays_counted_by_empty_cells_are_the_strides_the_phase_took() {
    let rays = text(&crowd(&["rays", "--ticks", "6"]).stdout);
    assert!(rays.contains("the same: yes"), "{rays}");
}

#[test]
fn each_subcommand_runs_the_ticks_its_table_was_made_with_unless_told() {
    // Every subcommand's `--ticks` is one generic flag: each must keep its own default.
    for (sub, ticks) in [("fit", 30), ("wall", 30), ("rays", 20), ("levels", 120), ("spend", 120)] {
        let help = text(&crowd(&[sub, "--help"]).stdout);
        let flag = help.split("--ticks <TICKS>").nth(1).unwrap_or_default();
        let default = flag.split("[default: ").nth(1).and_then(|d| d.split(']').next());
        assert_eq!(default, Some(ticks.to_string().as_str()), "{sub}: {help}");
    }
    let o = crowd(&["fit", "--budget", "1", "--crew", "1"]);
    assert!(text(&o.stdout).contains("30 ticks per trial"), "{}", text(&o.stdout));
}

#[test]
fn isa_is_refused_where_the_run_does_not_use_it() {
    refused(&["lanes", "--clock", "--isa", "plain"], 2, "--isa is not used with lanes --clock");
    refused(
        &["--isa", "avx2", "lanes", "--pack", "p.svg"],
        2,
        "--isa is not used with lanes --pack",
    );
    assert!(!std::path::Path::new("p.svg").exists(), "the refusal drew the pack");
}
