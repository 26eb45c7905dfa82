//! `arkanong online --headless` and the browser's `?online`: a CPU plays this
//! side's paddle through a whole match, N steps, and the run reports one line;
//! with `--rematches R`, R more matches follow on the same connection (each side
//! asks for the next once its match is done, as both players' Rematch would),
//! a line each. Polled with the time (it never blocks), so the desktop loop and
//! a browser frame drive it alike.

use super::OnlineOptions;
use crate::app::online::{
    no_server_line, room_for, Link, LinkConfig, LinkStatus, MatchSetup, OnlineMatch, RollbackStats,
    RoomAsk, Tick, MAX_PREDICTION,
};
use crate::game::{Cpu, Mode, Replay};
use crate::level::shipped_levels;
use crate::tuning::STEPS_PER_SECOND;

/// Seconds a finished side keeps playing (sending its inputs) so the other side
/// can confirm the last step too, before saying goodbye.
pub const LINGER_SECONDS: f64 = 1.0;

/// Seconds to wait for the other player to join and agree.
pub const JOIN_TIMEOUT_SECONDS: f64 = 60.0;

/// Most fixed steps one update runs to catch up: a quarter second, so a browser
/// drawing at 10 frames a second (headless Chromium with software GL) still
/// keeps 120 steps a second; after a longer stall the rest is dropped.
const MAX_TICKS_PER_UPDATE: u32 = 30;

/// What a finished match of a run measured.
#[derive(Debug, Clone, PartialEq)]
pub struct RunReport {
    /// The match on the connection: 0, then 1 for the first rematch...
    pub match_id: u32,
    /// The match up to its last step as a replay of the confirmed inputs, with
    /// the match's own final hash (see `OnlineMatch::watched_replay`).
    pub replay: Option<Replay>,
    /// Steps played and compared.
    pub steps: u32,
    /// The state hash at that step (confirmed: both sides' inputs known).
    pub hash: u64,
    /// Rollbacks and the deepest, up to the moment the last step was confirmed.
    pub rollbacks: RollbackStats,
    /// Desyncs GGRS detected.
    pub desyncs: u32,
    /// Milliseconds from joining the room to the first shared step.
    pub connect_ms: u32,
    /// The longest time without a step once play began, in milliseconds.
    pub worst_hold_ms: u32,
    /// The last measured round trip, in milliseconds.
    pub ping_ms: u32,
    /// This side's input delay at the end, in milliseconds (set from the round
    /// trip a second into the match: `input_delay_for`).
    pub input_delay_ms: u32,
    /// Milliseconds from the first shared step to the last step confirmed: the
    /// match's steps over this are its speed.
    pub play_ms: u32,
    /// The frames (updates) of the worst hold, for finding where it came from.
    pub worst_hold_frames: Vec<FrameNote>,
}

/// One update of a run, as seen from the run: how long the page (or loop) took
/// before it, how long the update's own work took, and what its ticks did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FrameNote {
    /// Milliseconds from the end of the previous update to the start of this one:
    /// the rest of the frame (the page's own update and drawing, the browser).
    pub before_ms: u32,
    /// Milliseconds this update took (GGRS, rollbacks, steps).
    pub work_ms: u32,
    /// Ticks due (fixed steps the time called for).
    pub due: u32,
    /// Ticks that stepped.
    pub stepped: u32,
    /// Ticks held because the other side's inputs were a whole prediction
    /// window behind.
    pub held_ahead: u32,
    /// Ticks held for another reason (GGRS's wait recommendation).
    pub held_wait: u32,
}

impl RunReport {
    /// The contract line: `online: N steps, state hash H, rollbacks R, deepest
    /// rollback D steps, desyncs X`.
    pub fn line(&self) -> String {
        format!(
            "online: {} steps, state hash 0x{:016x}, rollbacks {}, deepest rollback {} steps, desyncs {}",
            self.steps, self.hash, self.rollbacks.rollbacks, self.rollbacks.deepest, self.desyncs
        )
    }

    /// The measurements that are not in the contract line: `online timing:
    /// connect C ms, worst hold H ms, ping P ms, input delay D ms, play T ms`.
    pub fn timing_line(&self) -> String {
        format!(
            "online timing: connect {} ms, worst hold {} ms, ping {} ms, input delay {} ms, play {} ms",
            self.connect_ms, self.worst_hold_ms, self.ping_ms, self.input_delay_ms, self.play_ms
        )
    }

    /// Where this match's replay goes when a run saves them under `base`
    /// (`--save-replay`, the page's `save-replay=`): the first match at `base`,
    /// rematch K at `base.K`.
    pub fn replay_place(&self, base: &str) -> String {
        match self.match_id {
            0 => base.to_owned(),
            k => format!("{base}.{k}"),
        }
    }

    /// The line saying this match's replay was kept at `place` (a file, or the
    /// browser's record): `online: replay of N steps, final hash H, saved as
    /// PLACE`, so a test compares the two sides' replays by their lines.
    pub fn replay_line(&self, place: &str) -> Option<String> {
        let replay = self.replay.as_ref()?;
        Some(format!(
            "online: replay of {} steps, final hash 0x{:016x}, saved as {place}",
            replay.inputs.len(),
            replay.final_hash
        ))
    }

    /// The worst hold's frames, oldest first: `online worst hold: H ms over F
    /// frames: [before B ms, work W ms, ticks T: S stepped, A held ahead, X held
    /// waiting] ...`.
    pub fn hold_line(&self) -> String {
        let all = &self.worst_hold_frames;
        let show = |f: &FrameNote| {
            format!(
                "[before {} ms, work {} ms, ticks {}: {} stepped, {} held ahead, {} held waiting]",
                f.before_ms, f.work_ms, f.due, f.stepped, f.held_ahead, f.held_wait
            )
        };
        // A hold of seconds is hundreds of frames: the line keeps the first and
        // the last few, so it stays a line.
        let frames: Vec<String> = if all.len() <= 2 * HOLD_LINE_ENDS {
            all.iter().map(show).collect()
        } else {
            let left_out = all.len() - 2 * HOLD_LINE_ENDS;
            let head = all[..HOLD_LINE_ENDS].iter().map(show);
            let tail = all[all.len() - HOLD_LINE_ENDS..].iter().map(show);
            head.chain([format!("({left_out} frames left out)")])
                .chain(tail)
                .collect()
        };
        format!(
            "online worst hold: {} ms over {} frames: {}",
            self.worst_hold_ms,
            all.len(),
            frames.join(" ")
        )
    }
}

/// How many frames [`RunReport::hold_line`] shows at each end of a long hold.
const HOLD_LINE_ENDS: usize = 8;

enum Stage {
    /// A quick match's `POST /quick`, until the server names the room.
    Asking(RoomAsk),
    Linking(Box<Link>, LinkStatus),
    Playing(Box<OnlineMatch>),
    Over,
}

/// A CPU's run through an online match (see the module doc).
pub struct CpuRun {
    stage: Stage,
    options: OnlineOptions,
    clock: fn() -> f64,
    cpu: Option<Cpu>,
    started: f64,
    next_tick: f64,
    first_step: Option<f64>,
    last_step: f64,
    worst_hold: f64,
    /// The updates since the last one that stepped, and the worst hold's.
    notes: Vec<FrameNote>,
    worst_notes: Vec<FrameNote>,
    /// This update's note, filled in by its ticks.
    note: FrameNote,
    last_update_end: f64,
    done_at: Option<(f64, u64, RollbackStats)>,
    /// Rematches still to play after this match.
    rematches: u32,
    /// The reports of matches finished before the last, until taken.
    finished: Vec<RunReport>,
}

/// The match a side offers: `--level`, or the first shipped level for versus;
/// hit-stop as the Juice settings have it by default (on), as a new player's
/// window would offer.
pub fn offered_setup(options: &OnlineOptions) -> Result<MatchSetup, String> {
    let text = match &options.level {
        Some(name) => crate::level::load_level_text(name)?.1,
        None => shipped_levels()
            .iter()
            .find(|l| MatchSetup::new(l.text, 0, Mode::Versus).is_ok())
            .map(|l| l.text.to_owned())
            .ok_or("no shipped level is for versus")?,
    };
    let hitstop = crate::app::feel::Juice::default().hitstop;
    MatchSetup::new(&text, options.seed, Mode::Versus).map(|s| s.with_hitstop(hitstop))
}

/// Joins `options.room`, offering [`offered_setup`] if this side hosts.
fn link_stage(options: &OnlineOptions) -> Result<Stage, String> {
    let link = Link::connect(LinkConfig {
        server: options.server.clone(),
        room: options.room.clone(),
        ice: options.ice.clone(),
        hosting: options.host,
        setup: offered_setup(options)?,
        impairment: options.impairment,
        name: options.name.clone(),
    });
    Ok(Stage::Linking(Box::new(link), LinkStatus::Waiting))
}

/// Seconds as whole milliseconds.
fn ms(seconds: f64) -> u32 {
    (seconds * 1000.0).round() as u32
}

impl CpuRun {
    /// Joins the room (a quick match first asks the server for one); `clock`
    /// tells the time in seconds.
    pub fn new(options: &OnlineOptions, clock: fn() -> f64) -> Result<CpuRun, String> {
        // Checked now, so a bad level fails before anyone is kept waiting.
        offered_setup(options)?;
        let stage = if options.quick {
            Stage::Asking(RoomAsk::send_quick(&options.server))
        } else {
            link_stage(options)?
        };
        let now = clock();
        Ok(CpuRun {
            stage,
            options: options.clone(),
            clock,
            cpu: None,
            started: now,
            next_tick: now,
            first_step: None,
            last_step: now,
            worst_hold: 0.0,
            notes: Vec::new(),
            worst_notes: Vec::new(),
            note: FrameNote::default(),
            last_update_end: now,
            done_at: None,
            rematches: options.rematches,
            finished: Vec::new(),
        })
    }

    /// Runs the fixed steps due by now; `Some` once the run is over: its report, or
    /// why it failed.
    pub fn update(&mut self) -> Option<Result<RunReport, String>> {
        let dt = 1.0 / f64::from(STEPS_PER_SECOND);
        let now = (self.clock)();
        let stepped_before = self.first_step.is_some();
        self.note = FrameNote {
            before_ms: ms(now - self.last_update_end),
            ..FrameNote::default()
        };
        if now - self.next_tick > dt * f64::from(MAX_TICKS_PER_UPDATE) {
            self.next_tick = now - dt;
        }
        let mut over = None;
        while self.next_tick <= now {
            self.next_tick += dt;
            self.note.due += 1;
            over = self.tick(now);
            if over.is_some() {
                self.stage = Stage::Over;
                break;
            }
        }
        self.close_note(now, stepped_before);
        over
    }

    /// Files this update's note; an update that stepped ends a hold, measured from
    /// the previous one that stepped (the notes in between say what held it).
    fn close_note(&mut self, now: f64, stepped_before: bool) {
        let end = (self.clock)();
        self.note.work_ms = ms(end - now);
        self.last_update_end = end;
        if self.first_step.is_none() {
            return;
        }
        self.notes.push(self.note);
        if self.note.stepped == 0 {
            return;
        }
        if stepped_before && now - self.last_step > self.worst_hold {
            self.worst_hold = now - self.last_step;
            self.worst_notes = self.notes.clone();
        }
        self.notes.clear();
        self.notes.push(self.note);
        self.last_step = now;
    }

    /// The reports of the matches finished so far but the last (which
    /// [`CpuRun::update`] returns), oldest first; each is handed over once.
    pub fn take_finished(&mut self) -> Vec<RunReport> {
        std::mem::take(&mut self.finished)
    }

    /// Where the run stands, in a few words: `waiting for the other player`,
    /// `agreeing on the match`, `synchronizing`, `playing`, `connection
    /// interrupted` (silent for a moment: waiting, then `playing` again),
    /// `waiting for the rematch`, `over`.
    pub fn stage(&self) -> &'static str {
        match &self.stage {
            Stage::Asking(_) => "asking the server for a quick match",
            Stage::Linking(_, LinkStatus::Agreeing) => "agreeing on the match",
            Stage::Linking(..) => "waiting for the other player",
            Stage::Playing(m) if m.rematch_talk().asked => "waiting for the rematch",
            Stage::Playing(m) if m.is_running() && m.interrupted() => "connection interrupted",
            Stage::Playing(m) if m.is_running() => "playing",
            Stage::Playing(_) => "synchronizing",
            Stage::Over => "over",
        }
    }

    /// The frame played and the frame confirmed, while playing (for progress logs).
    pub fn frames(&self) -> Option<(i32, i32)> {
        match &self.stage {
            Stage::Playing(m) => Some((m.frame(), m.confirmed_frame())),
            _ => None,
        }
    }

    /// Seconds until the next step is due (for a loop that sleeps).
    pub fn until_next(&self) -> f64 {
        (self.next_tick - (self.clock)()).max(0.0)
    }

    fn tick(&mut self, now: f64) -> Option<Result<RunReport, String>> {
        match &mut self.stage {
            Stage::Asking(ask) => match ask.answer() {
                None if now - self.started > JOIN_TIMEOUT_SECONDS => Some(Err(format!(
                    "the server did not answer the quick match within {JOIN_TIMEOUT_SECONDS} s"
                ))),
                None => None,
                Some(Ok(code)) => {
                    // Tests (and the page's console) read the room the server named.
                    self.options.room = room_for(&code);
                    match link_stage(&self.options) {
                        Ok(stage) => {
                            self.stage = stage;
                            None
                        }
                        Err(why) => Some(Err(why)),
                    }
                }
                Some(Err(e)) => Some(Err(no_server_line(&self.options.server, &e))),
            },
            Stage::Linking(link, status) => match link.poll(now) {
                LinkStatus::Ready => self.begin_match(),
                LinkStatus::Failed(why) => Some(Err(why)),
                _ if now - self.started > JOIN_TIMEOUT_SECONDS => Some(Err(format!(
                    "no one joined room {} within {JOIN_TIMEOUT_SECONDS} s",
                    self.options.room
                ))),
                now_status => {
                    *status = now_status;
                    None
                }
            },
            Stage::Playing(_) => self.play(now),
            Stage::Over => None,
        }
    }

    fn begin_match(&mut self) -> Option<Result<RunReport, String>> {
        let Stage::Linking(link, _) = std::mem::replace(&mut self.stage, Stage::Over) else {
            return None;
        };
        let parts = link.into_parts()?;
        let seed = parts.setup.seed;
        match OnlineMatch::start(parts, Box::new(self.clock), seed ^ 0x5eed) {
            Ok(m) => {
                self.play_match(m);
                None
            }
            Err(why) => Some(Err(why)),
        }
    }

    /// Plays `m`: its last step watched, a CPU on this side's paddle.
    fn play_match(&mut self, mut m: OnlineMatch) {
        m.rollback_mut()
            .watch(i32::try_from(self.options.steps).unwrap_or(i32::MAX));
        let side = m.local_side();
        let seed = m.seed();
        self.cpu = Some(Cpu::new(
            side,
            self.options.cpu,
            seed ^ u64::from(side.index()),
        ));
        self.stage = Stage::Playing(Box::new(m));
    }

    fn play(&mut self, now: f64) -> Option<Result<RunReport, String>> {
        let Stage::Playing(m) = &mut self.stage else {
            return None;
        };
        let intent = match &mut self.cpu {
            Some(cpu) => cpu.intent(m.game()),
            None => crate::game::Intent::IDLE,
        };
        match m.tick(intent) {
            Tick::Stepped(_) => {
                self.note.stepped += 1;
                self.first_step.get_or_insert(now);
            }
            Tick::Held if m.frame() - m.confirmed_frame() >= MAX_PREDICTION as i32 => {
                self.note.held_ahead += 1;
            }
            Tick::Held => self.note.held_wait += 1,
            Tick::Ended(why) if self.done_at.is_none() => return Some(Err(why)),
            Tick::Ended(why) if self.rematches > 0 => {
                return Some(Err(format!("no rematch: {why}")))
            }
            // Once done, the other side leaving is the expected end.
            Tick::Ended(_) => return self.finish(),
            Tick::Synchronizing => {}
        }
        let target = i32::try_from(self.options.steps).unwrap_or(i32::MAX);
        if self.done_at.is_none() && m.confirmed_frame() >= target {
            if let Some(hash) = m.rollback_mut().watched_hash() {
                self.done_at = Some((now, hash, m.stats()));
            }
        }
        match self.done_at {
            Some((at, _, _)) if now - at >= LINGER_SECONDS && self.rematches > 0 => {
                m.ask_rematch();
                if m.rematch_talk().agreed() {
                    self.rematch(now)
                } else if now - at > JOIN_TIMEOUT_SECONDS {
                    Some(Err(format!(
                        "the other side did not ask for a rematch within {JOIN_TIMEOUT_SECONDS} s"
                    )))
                } else {
                    None
                }
            }
            Some((at, _, _)) if now - at >= LINGER_SECONDS => self.finish(),
            _ => None,
        }
    }

    /// The next match on the same connection: this one's report filed, the
    /// measurements started again.
    fn rematch(&mut self, now: f64) -> Option<Result<RunReport, String>> {
        let Stage::Playing(m) = std::mem::replace(&mut self.stage, Stage::Over) else {
            return None;
        };
        self.finished.push(self.report(&m)?);
        let seed = m.seed();
        let next = match m.rematch(Box::new(self.clock), seed ^ 0x5eed) {
            Ok(next) => next,
            Err(why) => return Some(Err(why)),
        };
        self.rematches -= 1;
        self.started = now;
        self.first_step = None;
        self.last_step = now;
        self.worst_hold = 0.0;
        self.notes.clear();
        self.worst_notes.clear();
        self.done_at = None;
        self.play_match(next);
        None
    }

    fn finish(&mut self) -> Option<Result<RunReport, String>> {
        let Stage::Playing(m) = std::mem::replace(&mut self.stage, Stage::Over) else {
            return None;
        };
        let report = self.report(&m)?;
        m.leave();
        Some(Ok(report))
    }

    /// What match `m` measured, once its last step was confirmed.
    fn report(&self, m: &OnlineMatch) -> Option<RunReport> {
        let (_, hash, rollbacks) = self.done_at?;
        Some(RunReport {
            match_id: m.match_id(),
            replay: m.watched_replay(),
            steps: self.options.steps,
            hash,
            rollbacks,
            desyncs: m.desyncs(),
            connect_ms: ms(self.first_step.unwrap_or(self.started) - self.started),
            worst_hold_ms: ms(self.worst_hold),
            ping_ms: m
                .ping_ms()
                .map_or(0, |p| u32::try_from(p).unwrap_or(u32::MAX)),
            input_delay_ms: ms(m.input_delay() as f64 / f64::from(STEPS_PER_SECOND)),
            play_ms: ms(self.done_at?.0 - self.first_step.unwrap_or(self.started)),
            worst_hold_frames: self.worst_notes.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(frames: usize) -> RunReport {
        RunReport {
            match_id: 0,
            replay: None,
            steps: 10,
            hash: 1,
            rollbacks: RollbackStats::default(),
            desyncs: 0,
            connect_ms: 1,
            worst_hold_ms: 900,
            ping_ms: 1,
            input_delay_ms: 17,
            play_ms: 1,
            worst_hold_frames: vec![FrameNote::default(); frames],
        }
    }

    #[test]
    fn a_rematchs_replay_goes_beside_the_first_and_its_line_says_its_hash() {
        let mut r = report(0);
        assert_eq!(r.replay_place("m.txt"), "m.txt");
        assert_eq!(r.replay_line("m.txt"), None, "no replay, no line");
        r.match_id = 2;
        assert_eq!(r.replay_place("m.txt"), "m.txt.2");
        r.replay = Some(Replay {
            seed: 1,
            mode: Mode::Versus,
            rules: crate::level::RulesVersion::CURRENT,
            level_text: String::new(),
            inputs: vec![Default::default(); 3],
            final_hash: 0xab,
        });
        assert_eq!(
            r.replay_line("m.txt.2").unwrap(),
            "online: replay of 3 steps, final hash 0x00000000000000ab, saved as m.txt.2"
        );
    }

    #[test]
    fn the_hold_line_keeps_the_ends_of_a_long_hold() {
        let short = report(2 * HOLD_LINE_ENDS).hold_line();
        assert_eq!(short.matches("[before").count(), 2 * HOLD_LINE_ENDS);
        assert!(!short.contains("left out"));
        let long = report(5000).hold_line();
        assert!(long.starts_with("online worst hold: 900 ms over 5000 frames: "));
        assert_eq!(long.matches("[before").count(), 2 * HOLD_LINE_ENDS);
        assert!(long.contains(&format!("({} frames left out)", 5000 - 2 * HOLD_LINE_ENDS)));
        assert!(long.len() < 2000, "{}", long.len());
    }
}
