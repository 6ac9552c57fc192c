//! A connection of the oracle's own to the store's database, kept for its thousands of
//! statements (`TestApp::sql` opens one per call).

use std::sync::Arc;

use crate::helpers::{DATABASE_FILE, TestApp};

/// See [`sql_session`].
pub enum SqlSession {
    /// `None` once dropped (see its `Drop`).
    Postgres(Arc<std::sync::Mutex<Option<postgres::Client>>>),
    Sqlite(Arc<std::sync::Mutex<rusqlite::Connection>>),
}

/// The synchronous client owns a runtime of its own, which may not be dropped on the
/// test's async threads: it goes on a thread of its own.
impl Drop for SqlSession {
    fn drop(&mut self) {
        if let SqlSession::Postgres(client) = self
            && let Some(client) = client.lock().unwrap().take()
        {
            std::thread::spawn(move || drop(client)).join().unwrap();
        }
    }
}

impl SqlSession {
    /// Runs the statements of `sql` (separated by `;`), answering nothing.
    pub async fn run(&self, sql: &str) {
        let sql = sql.to_owned();
        match self {
            SqlSession::Postgres(client) => {
                let client = client.clone();
                actix_web::rt::task::spawn_blocking(move || {
                    client.lock().unwrap().as_mut().expect("open").batch_execute(&sql).unwrap()
                })
                .await
                .unwrap()
            }
            SqlSession::Sqlite(conn) => {
                let conn = conn.clone();
                actix_web::rt::task::spawn_blocking(move || conn.lock().unwrap().execute_batch(&sql).unwrap())
                    .await
                    .unwrap()
            }
        }
    }
}

/// A connection of the test's own to the store's database, kept open for many
/// statements (each [`TestApp::sql`] opens one).
pub async fn sql_session(app: &TestApp) -> SqlSession {
    match std::fs::read_to_string(app.data_dir.path().join(DATABASE_FILE)) {
        Ok(url) => {
            let client = actix_web::rt::task::spawn_blocking(move || {
                postgres::Client::connect(&url, postgres::NoTls).unwrap()
            })
            .await
            .unwrap();
            SqlSession::Postgres(Arc::new(std::sync::Mutex::new(Some(client))))
        }
        Err(_) => {
            let conn = rusqlite::Connection::open(app.data_dir.path().join("market.db")).unwrap();
            conn.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
            SqlSession::Sqlite(Arc::new(std::sync::Mutex::new(conn)))
        }
    }
}
