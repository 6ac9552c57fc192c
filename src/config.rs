//! Everything the server needs to start, from flags and environment only: the binary
//! must behave the same from any folder.

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::cli::ServeArgs;

#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub web_dir: Option<PathBuf>,
}

impl Config {
    pub fn db_path(&self) -> PathBuf {
        self.data_dir.join("market.db")
    }

    /// Creates the data folder if needed and checks it can be used.
    pub fn prepare(&self) -> anyhow::Result<()> {
        std::fs::create_dir_all(&self.data_dir)
            .map_err(|e| anyhow::anyhow!("cannot create the data folder {}: {e}", self.data_dir.display()))?;
        if let Some(dir) = &self.web_dir
            && !dir.join("index.html").is_file()
        {
            anyhow::bail!("--web-dir {} holds no index.html", dir.display());
        }
        Ok(())
    }
}

impl From<ServeArgs> for Config {
    fn from(a: ServeArgs) -> Self {
        Config { addr: a.addr, data_dir: a.data_dir, web_dir: a.web_dir }
    }
}
