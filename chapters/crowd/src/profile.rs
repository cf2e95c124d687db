//! The CPU profile behind `--cpuprofile`.

use std::path::Path;

pub struct Profile;

pub fn start(path: Option<&Path>) -> anyhow::Result<Option<Profile>> {
    anyhow::ensure!(path.is_none(), "this build has no profiler: build with --features pprof");
    Ok(None)
}

pub fn finish(_p: Option<Profile>, _path: Option<&Path>) -> anyhow::Result<Option<Vec<String>>> {
    Ok(None)
}
