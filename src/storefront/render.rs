//! The app's own render of a catalog page's first screen: web/src/server.tsx, built by
//! web/build.mjs into `server.js` and run here by QuickJS (`rquickjs`), with the page's
//! address and the same API answers the page carries for the app. So the first screen is
//! the app's first render, from the app's own components, and never written a second
//! time by hand.
//!
//! QuickJS is an interpreter: a product page takes some 6 ms and a department page's
//! twelve cards and filters some 10 ms. Renders run on a few threads of their own, off
//! the async ones, each with its own runtime (a QuickJS runtime is single-threaded) and
//! the script loaded once; the page built from a render is kept with the others
//! (`kept.rs`), so a page is rendered once per catalog change, not per request. A render
//! that fails, throws, or draws a part the server could not finish (a Suspense
//! boundary left for the browser) gives no screen: the page then goes with the bar
//! alone, as a shopper's own pages do, and the app draws the rest.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use rquickjs::{Context, Function, Runtime};
use tokio::sync::oneshot;

/// Renders at once; more wait their turn, up to [`WAITING`].
const THREADS: usize = 2;
/// Renders waiting for a thread; past this a page goes with the bar alone rather than wait.
const WAITING: usize = 64;
/// A render running longer than this is stopped (a script that never ends).
const LONGEST: Duration = Duration::from_secs(2);
/// What one runtime may allocate.
const MEMORY: usize = 64 << 20;
/// How long after start a thread loads the script if no page has asked yet.
const PRELOAD_AFTER: Duration = Duration::from_secs(1);

/// Where the script comes from: the binary, or (for `make dev`) the folder esbuild keeps
/// rebuilding, read again when it changes.
#[derive(Clone)]
pub enum Script {
    Embedded(&'static str),
    File(PathBuf),
}

struct Job {
    url: String,
    answers: String,
    reply: oneshot::Sender<Option<Rendered>>,
}

/// The renderer's threads, asked through a queue.
#[derive(Clone)]
pub struct Renderer {
    jobs: SyncSender<Job>,
    /// Renders asked for and not yet drawn, running or waiting for a thread.
    asked: Arc<AtomicUsize>,
}

impl Renderer {
    /// Starts the threads, which load the script in the background.
    pub fn start(script: Script) -> Renderer {
        let (jobs, queue) = sync_channel::<Job>(WAITING);
        let queue = Arc::new(Mutex::new(queue));
        let asked = Arc::new(AtomicUsize::new(0));
        for n in 0..THREADS {
            let (queue, script, asked) = (queue.clone(), script.clone(), asked.clone());
            let spawned = std::thread::Builder::new().name(format!("render-{n}")).spawn(move || {
                below_answers();
                Worker::new(script).serve(&queue, &asked)
            });
            if let Err(e) = spawned {
                tracing::warn!(error = %e, "could not start a renderer thread");
            }
        }
        Renderer { jobs, asked }
    }

    /// `#root`'s contents for `url` (path and query) given the page's answers (their JSON
    /// object by address), through `</main>`, and the picture it leads with; `None` when
    /// there is none to give.
    pub async fn render(&self, url: String, answers: String) -> Option<Rendered> {
        self.ask(url, answers)?.screen().await
    }

    /// [`Renderer::render`], asked for now and awaited later; `None` when it cannot be
    /// asked (every renderer busy and [`WAITING`] wait).
    pub fn ask(&self, url: String, answers: String) -> Option<Asked> {
        let (reply, answer) = oneshot::channel();
        let before = self.asked.fetch_add(1, Ordering::Relaxed);
        let sent = self.jobs.try_send(Job { url, answers, reply });
        if sent.is_err() {
            self.asked.fetch_sub(1, Ordering::Relaxed);
        }
        match sent {
            Ok(()) => Some(Asked { answer, queued: before >= THREADS }),
            Err(TrySendError::Full(_)) => {
                tracing::warn!("every renderer is busy and {WAITING} wait: a page goes without a render");
                None
            }
            Err(TrySendError::Disconnected(_)) => None,
        }
    }
}

/// A render asked for, under way or waiting for a thread.
pub struct Asked {
    answer: oneshot::Receiver<Option<Rendered>>,
    /// Asked while every thread was rendering: it waits for earlier renders first.
    pub queued: bool,
}

impl Asked {
    /// The screen, once drawn; `None` for a render that failed.
    pub async fn screen(self) -> Option<Rendered> {
        self.answer.await.ok().flatten()
    }

    /// The screen if it is drawn within `wait` (`Ok(None)`: the render failed); else the
    /// render, still going on.
    pub async fn within(mut self, wait: Duration) -> Result<Option<Rendered>, Asked> {
        match actix_web::rt::time::timeout(wait, &mut self.answer).await {
            Ok(answer) => Ok(answer.ok().flatten()),
            Err(_) => Err(self),
        }
    }
}

/// Lowers this thread's priority below the threads that answer requests. A page made
/// again waits for its render only briefly (`storefront::SCREEN_WAIT`), so on a busy
/// store most renders are for the next request, and a request answered now matters more.
fn below_answers() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only sets a nice value; on Linux `who` 0 is the calling thread.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

/// A page's first screen as the app drew it.
#[derive(Debug, PartialEq, Eq)]
pub struct Rendered {
    /// `#root`'s contents through `</main>`.
    pub html: String,
    /// The picture the screen leads with, as the app's component that draws it noted
    /// (`web/src/lib/leadPicture.ts`): the page preloads it.
    pub picture: Option<String>,
}

/// One thread's runtime, with the script loaded.
struct Worker {
    script: Script,
    loaded: Option<Loaded>,
}

struct Loaded {
    context: Context,
    /// The file's time when it was read (`Script::File`).
    modified: Option<SystemTime>,
    /// When the render under way began: read by the runtime's interrupt handler.
    began: Began,
    _runtime: Runtime,
}

type Began = Arc<Mutex<Option<Instant>>>;

impl Worker {
    fn new(script: Script) -> Worker {
        Worker { script, loaded: None }
    }

    fn serve(mut self, queue: &Mutex<Receiver<Job>>, asked: &AtomicUsize) {
        // Loaded a moment after start, before the first page asks (or by the first that
        // asks sooner): a store started and stopped at once, as each test's is, parses
        // nothing.
        let mut preloaded = false;
        loop {
            let waited = match queue.lock() {
                Ok(queue) if !preloaded => queue.recv_timeout(PRELOAD_AFTER),
                Ok(queue) => queue.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Err(_) => return,
            };
            let job = match waited {
                Ok(job) => job,
                Err(RecvTimeoutError::Timeout) => {
                    self.loaded();
                    preloaded = true;
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => return,
            };
            let screen = self.render(&job.url, &job.answers);
            asked.fetch_sub(1, Ordering::Relaxed);
            let _ = job.reply.send(screen);
        }
    }

    fn render(&mut self, url: &str, answers: &str) -> Option<Rendered> {
        let loaded = self.loaded()?;
        *loaded.began.lock().ok()? = Some(Instant::now());
        let rendered = loaded.context.with(|ctx| {
            let _ = ctx.eval::<(), _>("globalThis.__logged.length = 0; globalThis.__leadPicture = null");
            let render: Function = ctx.globals().get("renderPage").ok()?;
            let html = match render.call::<_, String>((url, answers)) {
                Ok(html) => html,
                Err(e) => {
                    let thrown = ctx.catch();
                    tracing::warn!(url, error = %e, thrown = ?thrown, "the server's render of a page failed");
                    return None;
                }
            };
            // React leaves a boundary it could not finish to the browser (`<!--$!-->`):
            // the page would draw less than the app's first render, and move when it
            // takes over. What React said while rendering is read only then.
            if html.contains("<!--$!-->") || html.is_empty() {
                let logged = logged(&ctx);
                tracing::warn!(url, logged = %logged, "the server's render of a page left a part undrawn");
                return None;
            }
            let picture = ctx.globals().get::<_, Option<String>>("__leadPicture").ok().flatten();
            Some((html, picture))
        });
        *loaded.began.lock().ok()? = None;
        let (html, picture) = rendered?;
        let end = html.find("</main>")? + "</main>".len();
        Some(Rendered { html: html[..end].to_string(), picture })
    }

    /// The runtime with the script loaded, (re)loading it first when needed.
    fn loaded(&mut self) -> Option<&Loaded> {
        let modified = match &self.script {
            Script::File(path) => std::fs::metadata(path).and_then(|m| m.modified()).ok(),
            Script::Embedded(_) => None,
        };
        if self.loaded.as_ref().is_some_and(|l| l.modified != modified) {
            self.loaded = None;
        }
        if self.loaded.is_none() {
            let text = match &self.script {
                Script::Embedded(text) => (*text).to_string(),
                Script::File(path) => std::fs::read_to_string(path).ok()?,
            };
            match load(&text, modified) {
                Ok(loaded) => self.loaded = Some(loaded),
                Err(e) => tracing::warn!(error = %e, "the server's renderer did not load"),
            }
        }
        self.loaded.as_ref()
    }
}

/// A runtime with its limits and `script` run in it.
fn load(script: &str, modified: Option<SystemTime>) -> Result<Loaded, String> {
    let runtime = Runtime::new().map_err(|e| e.to_string())?;
    runtime.set_memory_limit(MEMORY);
    runtime.set_max_stack_size(1 << 20);
    let began: Began = Arc::new(Mutex::new(None));
    let watched = began.clone();
    runtime.set_interrupt_handler(Some(Box::new(move || {
        watched.lock().ok().and_then(|b| *b).is_some_and(|b| b.elapsed() > LONGEST)
    })));
    let context = Context::full(&runtime).map_err(|e| e.to_string())?;
    context.with(|ctx| {
        // What React says while rendering (a warning, an error it recovered from), kept
        // to be logged with a render that went wrong.
        ctx.eval::<(), _>(
            "globalThis.__logged = [];
             const keep = (...args) => void __logged.push(args.map(String).join(' '));
             globalThis.console = { error: keep, warn: keep, log() {}, info() {}, debug() {} };",
        )
        .and_then(|()| ctx.eval::<(), _>(script))
        .map_err(|e| format!("{e}: {:?}", ctx.catch()))
    })?;
    Ok(Loaded { context, modified, began, _runtime: runtime })
}

fn logged(ctx: &rquickjs::Ctx) -> String {
    ctx.eval::<String, _>("globalThis.__logged.join('\\n')").unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCRIPT: &str = "globalThis.renderPage = (url, answers) => {
        if (url === '/loop') { for (;;) {} }
        if (url === '/throw') throw new Error('no such page');
        if (url === '/undrawn') return '<main><!--$!--><template></template><!--/$--></main>';
        if (url === '/pictured') globalThis.__leadPicture = '/images/lead.svg';
        return '<header>' + url + '</header><main>' + JSON.parse(answers).n + '</main><footer></footer>';
    };";

    fn drawn(html: &str) -> Option<Rendered> {
        Some(Rendered { html: html.to_string(), picture: None })
    }

    #[tokio::test]
    async fn renders_through_main_and_gives_nothing_for_a_failed_render() {
        let renderer = Renderer::start(Script::Embedded(SCRIPT));
        let render = |url: &str| renderer.render(url.to_string(), r#"{"n": 7}"#.to_string());
        assert_eq!(render("/p").await, drawn("<header>/p</header><main>7</main>"));
        assert_eq!(render("/throw").await, None);
        assert_eq!(render("/undrawn").await, None);
        let began = Instant::now();
        assert_eq!(render("/loop").await, None, "a render that never ends is stopped");
        assert!(began.elapsed() < LONGEST * 3);
        assert_eq!(render("/after").await, drawn("<header>/after</header><main>7</main>"));
        // The lead picture a render noted is its own: the next render starts with none.
        let pictured = render("/pictured").await.unwrap();
        assert_eq!(pictured.picture.as_deref(), Some("/images/lead.svg"));
        assert_eq!(render("/p").await.unwrap().picture, None);
    }
}
