//! One process at a time writes to a data folder: `market serve`, `seed`, `restore` and
//! `reset` hold an exclusive lock on `<data dir>/market.lock` while they run, and refuse
//! to start when another process holds it, naming it. The lock is the operating
//! system's (`flock`): it goes with the process, however that process ends, so a store
//! killed with SIGKILL leaves nothing to clean up. `backup` only reads, beside a
//! running store, and takes no lock.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::Path;

/// Held while the process uses the folder; dropping it lets the next one in.
#[derive(Debug)]
pub struct DataDirLock {
    _file: File,
}

impl DataDirLock {
    /// Takes the lock of `data_dir` (created if missing) for `what` (e.g. "market serve").
    pub fn take(data_dir: &Path, what: &str) -> anyhow::Result<DataDirLock> {
        std::fs::create_dir_all(data_dir)
            .map_err(|e| anyhow::anyhow!("cannot create the data folder {}: {e}", data_dir.display()))?;
        let path = data_dir.join("market.lock");
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| anyhow::anyhow!("cannot open {}: {e}", path.display()))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                let who = if holder.is_empty() { "another process".to_string() } else { holder.to_string() };
                anyhow::bail!(
                    "{} is in use by {who}; one Market process at a time may use a data folder. \
                     Stop it first, or give this one another --data-dir.",
                    data_dir.display()
                );
            }
            Err(std::fs::TryLockError::Error(e)) => {
                anyhow::bail!("cannot lock {}: {e}", path.display());
            }
        }
        // Who holds it, for the message above; the lock itself is what counts.
        file.set_len(0)?;
        file.rewind()?;
        writeln!(file, "{what} (pid {})", std::process::id())?;
        file.flush()?;
        Ok(DataDirLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_taker_is_refused_with_the_holder_named_until_the_first_lets_go() {
        let dir = tempfile::tempdir().unwrap();
        let first = DataDirLock::take(dir.path(), "market serve").unwrap();
        let refused = DataDirLock::take(dir.path(), "market reset").unwrap_err().to_string();
        assert!(refused.contains(&format!("market serve (pid {})", std::process::id())), "{refused}");
        assert!(refused.contains("another --data-dir"), "{refused}");
        drop(first);
        DataDirLock::take(dir.path(), "market reset").unwrap();
    }
}
