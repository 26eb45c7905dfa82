//! Hit-stop online: a goal holds the game the same fixed steps on both sides of a
//! match, the hold is saved and restored with the game, and a rollback across it
//! lands on the same state (and hash) as play without a rollback.

#![cfg(feature = "online")]

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use arkanong_core::app::feel::HITSTOP_GOAL;
use arkanong_core::app::online::{
    pack_intent, seconds_to_steps, Datagrams, GgrsSocket, Impairment, OnlineConfig, Rollback,
};
use arkanong_core::game::{gather_inputs, Cpu, Difficulty, Game, GameEvent, Inputs, Intent, Mode};
use arkanong_core::level::{shipped_levels, Level, Side};

/// The true match: hit-stop on, both paddles played by CPUs deciding from the
/// game itself. Per frame (index = the frame a step reached, 0 the start): the
/// inputs used to reach the next one, the game's steps, the checksum.
struct Truth {
    inputs: Vec<Inputs>,
    steps: Vec<u64>,
    checksums: Vec<u128>,
    /// The frame of the first goal whose step began a hold.
    goal: i32,
}

fn new_game() -> Game {
    let level = Level::parse(shipped_levels()[0].text).unwrap();
    Game::new(&level, Mode::Versus, 21)
}

fn truth(frames_after_goal: i32) -> Truth {
    let mut r = Rollback::with_hitstop(new_game(), true);
    let mut cpus = [
        Some(Cpu::new(Side::Bottom, Difficulty::Hard, 1)),
        Some(Cpu::new(Side::Top, Difficulty::Easy, 2)),
    ];
    let mut t = Truth {
        inputs: Vec::new(),
        steps: vec![0],
        checksums: vec![r.checksum()],
        goal: -1,
    };
    while t.goal < 0 || r.frame() < t.goal + frames_after_goal {
        assert!(r.frame() < 30_000, "no goal began a hold");
        let inputs = gather_inputs(r.game(), &mut cpus, |_| Intent::IDLE);
        r.advance(inputs.players.map(pack_intent));
        t.inputs.push(inputs);
        t.steps.push(r.game().steps());
        t.checksums.push(r.checksum());
        let goal = r
            .settle()
            .fire
            .iter()
            .any(|f| matches!(f.event, GameEvent::Goal { .. }));
        if goal && t.goal < 0 && r.hold().last == Some(r.frame()) {
            t.goal = r.frame();
        }
    }
    t
}

/// The hold the truth shows after its goal: the game's steps stand still for
/// exactly this many frames.
fn held_frames(steps: &[u64], goal: i32) -> usize {
    let g = goal as usize;
    steps[g + 1..]
        .iter()
        .take_while(|&&s| s == steps[g])
        .count()
}

#[test]
fn a_goal_holds_the_game_for_the_offline_pause_in_steps() {
    let t = truth(40);
    assert_eq!(held_frames(&t.steps, t.goal), 10);
    assert_eq!(seconds_to_steps(HITSTOP_GOAL), 10);
    // Without hit-stop the same inputs never hold.
    let mut r = Rollback::new(new_game());
    for i in &t.inputs[..(t.goal + 20) as usize] {
        let before = r.game().steps();
        r.advance(i.players.map(pack_intent));
        assert_eq!(r.game().steps(), before + 1);
    }
}

#[test]
fn a_rollback_across_a_hold_lands_on_the_same_hash() {
    let t = truth(60);
    let g = t.goal;
    let end = g + 50;
    let mut r = Rollback::with_hitstop(new_game(), true);
    let mut saved = vec![r.save()];
    for i in &t.inputs[..end as usize] {
        r.advance(i.players.map(pack_intent));
        saved.push(r.save());
    }
    assert_eq!(r.checksum(), t.checksums[end as usize]);
    // Back to before the goal, in it, in the middle of the hold and at its end;
    // first a wrong guess of the top player's input through the hold, then the truth.
    for from in [g - 3, g - 1, g, g + 1, g + 5, g + 10, g + 11] {
        r.load(&saved[from as usize]);
        for i in &t.inputs[from as usize..(g + 12) as usize] {
            let guess = [
                i.players[0],
                Intent {
                    dx: 1,
                    ..Intent::IDLE
                },
            ];
            r.advance(guess.map(pack_intent));
        }
        r.load(&saved[from as usize]);
        assert_eq!(r.checksum(), t.checksums[from as usize], "loaded {from}");
        for (k, i) in t.inputs[from as usize..end as usize].iter().enumerate() {
            r.advance(i.players.map(pack_intent));
            let f = from as usize + k + 1;
            assert_eq!(r.game().steps(), t.steps[f], "from {from}, frame {f}");
        }
        assert_eq!(r.checksum(), t.checksums[end as usize], "from {from}");
    }
}

/// Packets on their way, with the tick they were sent.
type Queue = Rc<RefCell<VecDeque<(u32, u8, Vec<u8>)>>>;

/// One end of an in-memory link whose packets arrive `delay` ticks late.
struct Pipe {
    inbox: Queue,
    outbox: Queue,
    me: u8,
    delay: u32,
    clock: Rc<Cell<u32>>,
}

impl Datagrams<u8> for Pipe {
    fn send(&mut self, packet: Vec<u8>, _to: &u8) {
        let now = self.clock.get();
        self.outbox.borrow_mut().push_back((now, self.me, packet));
    }
    fn receive(&mut self) -> Vec<(u8, Vec<u8>)> {
        let due = self.clock.get().saturating_sub(self.delay);
        let mut inbox = self.inbox.borrow_mut();
        let mut out = Vec::new();
        while inbox.front().is_some_and(|(at, _, _)| *at <= due) {
            let (_, from, p) = inbox.pop_front().unwrap();
            out.push((from, p));
        }
        out
    }
}

fn no_clock() -> f64 {
    0.0
}

/// One side of the match: its session, its game, and per frame the game's steps
/// when that frame was last simulated (the confirmed history once it settles).
struct Peer {
    session: ggrs::P2PSession<OnlineConfig<u8>>,
    rollback: Rollback,
    steps: Vec<Option<u64>>,
    desyncs: u32,
}

impl Peer {
    fn tick(&mut self, local: usize, t: &Truth) {
        self.session.poll_remote_clients();
        for e in self.session.events() {
            if matches!(e, ggrs::GgrsEvent::DesyncDetected { .. }) {
                self.desyncs += 1;
            }
        }
        if self.session.current_state() != ggrs::SessionState::Running {
            return;
        }
        let f = (self.rollback.frame() as usize).min(t.inputs.len() - 1);
        let mine = pack_intent(t.inputs[f].players[local]);
        self.session.add_local_input(local, mine).unwrap();
        let Ok(requests) = self.session.advance_frame() else {
            return;
        };
        for request in requests {
            match request {
                ggrs::GgrsRequest::SaveGameState { cell, frame } => {
                    let r = &self.rollback;
                    cell.save(frame, Some(r.save()), Some(r.checksum()));
                }
                ggrs::GgrsRequest::LoadGameState { cell, .. } => {
                    self.rollback.load(&cell.load().unwrap());
                }
                ggrs::GgrsRequest::AdvanceFrame { inputs } => {
                    self.rollback.advance([inputs[0].0, inputs[1].0]);
                    let f = self.rollback.frame() as usize;
                    self.steps.resize(self.steps.len().max(f + 1), None);
                    self.steps[f] = Some(self.rollback.game().steps());
                }
            }
        }
    }
}

#[test]
fn a_goal_online_holds_the_same_steps_on_both_sides_through_rollbacks() {
    let t = truth(80);
    let target = t.goal + 40;
    let (a_to_b, b_to_a): (Queue, Queue) = Default::default();
    let clock = Rc::new(Cell::new(0));
    // The joiner's packets reach the host 6 ticks late, the host's the joiner 2:
    // both sides predict and roll back, across the goal and its hold too.
    let ends = [(b_to_a.clone(), a_to_b.clone(), 6), (a_to_b, b_to_a, 2)];
    let mut sides: Vec<Peer> = ends
        .into_iter()
        .enumerate()
        .map(|(k, (inbox, outbox, delay))| {
            let pipe = Pipe {
                inbox,
                outbox,
                me: k as u8,
                delay,
                clock: clock.clone(),
            };
            let session = ggrs::SessionBuilder::<OnlineConfig<u8>>::new()
                .with_num_players(2)
                .and_then(|b| b.add_player(ggrs::PlayerType::Local, k))
                .and_then(|b| b.add_player(ggrs::PlayerType::Remote(1 - k as u8), 1 - k))
                .map(|b| b.with_desync_detection_mode(ggrs::DesyncDetection::On { interval: 1 }))
                .and_then(|b| {
                    b.start_p2p_session(GgrsSocket::new(
                        pipe,
                        Impairment::default(),
                        1,
                        Box::new(no_clock),
                    ))
                })
                .unwrap();
            Peer {
                session,
                rollback: Rollback::with_hitstop(new_game(), true),
                steps: Vec::new(),
                desyncs: 0,
            }
        })
        .collect();
    let done = |s: &Peer| s.session.confirmed_frame() >= target + 12;
    for tick in 0..200_000 {
        clock.set(tick);
        for (k, side) in sides.iter_mut().enumerate() {
            side.tick(k, &t);
        }
        if sides.iter().all(done) {
            break;
        }
        if sides
            .iter()
            .any(|s| s.session.current_state() != ggrs::SessionState::Running)
        {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    let g = t.goal as usize;
    let want: Vec<Option<u64>> = t.steps[g - 5..=g + 15].iter().map(|&s| Some(s)).collect();
    for (k, side) in sides.iter().enumerate() {
        assert!(
            done(side),
            "side {k} reached {}",
            side.session.confirmed_frame()
        );
        assert_eq!(side.steps[g - 5..=g + 15], want[..], "side {k}");
        assert_eq!(held_frames(&t.steps, t.goal), 10);
        assert_eq!(side.desyncs, 0, "side {k}");
        assert!(side.rollback.stats().rollbacks > 0, "side {k} rolled back");
    }
    let deepest = sides
        .iter()
        .map(|s| s.rollback.stats().deepest)
        .max()
        .unwrap();
    assert!(
        deepest >= 5,
        "rollbacks reach across the hold: deepest {deepest}"
    );
}
