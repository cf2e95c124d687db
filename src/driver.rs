//! chromedriver, started on a port it chooses itself and stopped when dropped. Both halves of
//! the browser check start it here: the page check (`just browser`) and the quiz test.
//!
//! Picking a free port first and handing it over races with everything else that opens one,
//! Chromium's own debugging port included: CI once saw a driver lose its port that way and the
//! check fail with a refused connection. So the driver is given `--port=0` and the port is read
//! from the line it prints once it listens.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long chromedriver may take to say it listens.
const WAIT: Duration = Duration::from_secs(20);

/// What chromedriver prints once it listens, before the port's number.
const STARTED: &str = "was started successfully on port ";

/// A running chromedriver, killed and reaped when this is dropped, however the check ends.
pub struct Driver {
    child: Child,
    /// The port it listens on, read from what it printed.
    pub port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    /// Starts `program` and waits until it says which port it listens on.
    pub fn start(program: &Path) -> Result<Driver, String> {
        let mut child = Command::new(program)
            .arg("--port=0")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
        let out = child.stdout.take().expect("stdout was piped");
        let (tx, rx) = mpsc::channel();
        // Reads every line to the end, so the driver never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if let Some(port) = port_in(&line) {
                    let _ = tx.send(port);
                }
            }
        });
        let driver = |port| Driver { child, port };
        match rx.recv_timeout(WAIT) {
            Ok(port) => Ok(driver(port)),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                drop(driver(0));
                Err(format!("chromedriver did not say it listens within {} s", WAIT.as_secs()))
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                drop(driver(0));
                Err("chromedriver ended before it listened on a port".into())
            }
        }
    }
}

/// The port in chromedriver's "… was started successfully on port 40285." line.
fn port_in(line: &str) -> Option<u16> {
    let (_, rest) = line.split_once(STARTED)?;
    rest.trim_end().trim_end_matches('.').parse().ok()
}

#[cfg(test)]
mod tests {
    use super::port_in;

    #[test]
    fn the_port_is_read_from_the_line_chromedriver_prints() {
        let line = "ChromeDriver was started successfully on port 40285.";
        assert_eq!(port_in(line), Some(40285));
        assert_eq!(port_in("Only local connections are allowed."), None);
        assert_eq!(port_in("ChromeDriver was started successfully on port 0x."), None);
    }
}
