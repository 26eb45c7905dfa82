//! The browser's `?online&server=...&room=...`: the same CPU run as
//! `arkanong online --headless`, its lines logged to the console (the shell logs
//! what [`WebRun::update`] returns). With `save-replay=NAME` each match's replay
//! is kept as the record NAME (localStorage `arkanong.NAME`; a rematch K's as
//! `NAME.K`), as `--save-replay PATH` writes files on the desktop. With
//! `watch=CODE` instead of `room=` the page watches the match in that room
//! ([`WatchRun`]) and logs the watcher's lines.

use super::{parse_online_query, query_with_server, CpuRun, RunReport, WatchRun};
use crate::app::online::{now_seconds, page_query, page_server};
use crate::app::records::write_record;

/// A page's online run, from its query string.
pub struct WebRun {
    run: Option<CpuRun>,
    /// The page watches instead (`watch=`).
    watch: Option<WatchRun>,
    stage: &'static str,
    logged_frame: i32,
    pending: Vec<String>,
    /// The record each match's replay is kept under (`save-replay=`).
    save_replay: Option<String>,
}

impl WebRun {
    /// The run the page's query asks for, or `None` when it does not ask for
    /// online play. Bad options become an error line to log.
    pub fn from_page() -> Option<WebRun> {
        let query = query_with_server(&page_query(), page_server().as_deref());
        let options = parse_online_query(&query)?;
        let save_replay = (options.as_ref().ok()).and_then(|o| o.save_replay.clone());
        if let Some(o) = options.as_ref().ok().filter(|o| o.watch) {
            return Some(WebRun {
                run: None,
                watch: Some(WatchRun::new(o, now_seconds)),
                stage: "",
                logged_frame: 0,
                pending: Vec::new(),
                save_replay: None,
            });
        }
        let (run, pending) = match options.and_then(|o| CpuRun::new(&o, now_seconds)) {
            Ok(run) => (Some(run), Vec::new()),
            Err(e) => (None, vec![format!("online: {e}")]),
        };
        Some(WebRun {
            run,
            watch: None,
            stage: "",
            logged_frame: 0,
            pending,
            save_replay,
        })
    }

    /// Runs the steps due; the lines to log (the contract line and the timings
    /// when the run ends, or why it failed).
    pub fn update(&mut self) -> Vec<String> {
        if self.watch.is_some() {
            return self.update_watch();
        }
        let mut lines = std::mem::take(&mut self.pending);
        if let Some(stage) = self.run.as_ref().map(CpuRun::stage) {
            if stage != self.stage {
                self.stage = stage;
                lines.push(format!("online: {stage}"));
            }
        }
        if let Some((frame, confirmed)) = self.run.as_ref().and_then(CpuRun::frames) {
            if frame / 600 != self.logged_frame / 600 {
                lines.push(format!("online: step {frame}, confirmed {confirmed}"));
            }
            self.logged_frame = frame;
        }
        let result = self.run.as_mut().and_then(CpuRun::update);
        for report in self
            .run
            .as_mut()
            .map(CpuRun::take_finished)
            .unwrap_or_default()
        {
            self.report(&report, &mut lines);
        }
        if let Some(result) = result {
            self.run = None;
            match result {
                Ok(report) => self.report(&report, &mut lines),
                Err(why) => lines.push(format!("online: {why}")),
            }
        }
        lines
    }

    /// The watcher's steps due, and its lines (its stages, each match's lines,
    /// or why watching ended).
    fn update_watch(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        let Some(watch) = &mut self.watch else {
            return lines;
        };
        let result = watch.update();
        if watch.stage() != self.stage {
            self.stage = watch.stage();
            lines.push(format!("online: {}", self.stage));
        }
        lines.extend(watch.take_lines());
        match result {
            Some(Err(why)) => lines.push(format!("online: {why}")),
            Some(Ok(())) | None => {}
        }
        lines
    }

    /// A finished match's lines, and its replay kept if the page asked.
    fn report(&self, report: &RunReport, lines: &mut Vec<String>) {
        lines.extend([report.line(), report.timing_line(), report.hold_line()]);
        let Some(base) = &self.save_replay else {
            return;
        };
        let name = report.replay_place(base);
        let Some(replay) = &report.replay else {
            lines.push("online: the match's last step has no replay".to_owned());
            return;
        };
        match write_record(&name, &replay.to_text()) {
            Ok(()) => lines.extend(report.replay_line(&format!("localStorage arkanong.{name}"))),
            Err(e) => lines.push(format!("online: replay not kept as {name}: {e}")),
        }
    }
}
