//! Processes a run starts, ended with it.
//!
//! A book tool runs other programs (a measured block's shell, Chromium), and each of those may
//! start more. Each is started as the leader of a process group of its own, noted here while it
//! runs, so that a signal that stops the run (see [`super::files::clean_on_signals`]) ends the
//! whole group first: nothing the run started goes on writing after it has gone.

use std::process::{Child, Command};
use std::sync::{Mutex, PoisonError};

/// The process groups started and not yet ended, by their leader's id.
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// A running group, ended (every process in it) when this is dropped, however the run ends.
#[derive(Debug)]
pub struct Group {
    /// The group's leader, the process started.
    pub child: Child,
}

impl Drop for Group {
    fn drop(&mut self) {
        let id = self.child.id();
        let mut groups = GROUPS.lock().unwrap_or_else(PoisonError::into_inner);
        end(id);
        let _ = self.child.wait();
        groups.retain(|g| *g != id);
    }
}

/// Starts `command` as the leader of a new process group, noted before a signal's clean-up
/// can look: the clean-up holds the same lock, so it finds the group either not yet started
/// or noted.
pub fn spawn(command: &mut Command) -> std::io::Result<Group> {
    let mut groups = GROUPS.lock().unwrap_or_else(PoisonError::into_inner);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    let child = command.spawn()?;
    groups.push(child.id());
    Ok(Group { child })
}

/// Ends every process of the group `id` leads (one already gone is no error).
fn end(id: u32) {
    #[cfg(unix)]
    if let Ok(id) = i32::try_from(id) {
        let _ = nix::sys::signal::killpg(
            nix::unistd::Pid::from_raw(id),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
}

/// Ends every group still running and holds the list to the end of the run, so no new one
/// starts: what a signal's clean-up does first.
pub(super) fn end_all() -> std::sync::MutexGuard<'static, Vec<u32>> {
    let groups = GROUPS.lock().unwrap_or_else(PoisonError::into_inner);
    groups.iter().for_each(|g| end(*g));
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_group_takes_its_grandchildren_with_it() {
        let dir = std::env::temp_dir().join(format!("world-group-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let late = dir.join("late");
        // The shell starts a grandchild in the background that would write a file later.
        let script = format!("(sleep 1; touch {}) & wait", late.display());
        let group = spawn(Command::new("sh").args(["-c", &script])).unwrap();
        assert!(GROUPS.lock().unwrap().contains(&group.child.id()));
        let id = group.child.id();
        drop(group);
        assert!(!GROUPS.lock().unwrap().contains(&id));
        std::thread::sleep(std::time::Duration::from_millis(1500));
        assert!(!late.exists(), "the grandchild outlived its group");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
