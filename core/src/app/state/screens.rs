//! The frames of the screens that own a state (`active.rs`): the collision lab
//! and the online screen, each run on its own state and the [`Shared`] one,
//! answering with a [`Transition`].

use super::active::Transition;
use super::frame::FrameInput;
use super::shared::Shared;
use super::AppState;
use crate::app::lab::LabScreen;
use crate::app::play::Session;

/// A frame of the lab: the player's commands (Back leaves), the readouts
/// logged when they change, then the motion's fixed steps.
pub(super) fn lab_frame(
    lab: &mut LabScreen,
    shared: &mut Shared,
    input: &FrameInput,
) -> Transition {
    let steps = shared.driver.advance(f64::from(input.dt));
    if input.lab.iter().any(|&c| lab.command(c)) {
        return Transition::Leave;
    }
    shared.out.log.extend(lab.readouts_changed());
    lab.tick(steps);
    Transition::Stay
}

impl AppState {
    /// The game a frame's `played` events belong to: the online match's on its
    /// screen, else the player's.
    pub fn played_session(&self) -> Option<&Session> {
        #[cfg(feature = "online")]
        if let super::Active::Online(online) = &self.active {
            return online.shown_session();
        }
        self.session.as_ref()
    }

    /// The online screen as it opens: named as the high scores name this
    /// player, on the level picked last time, watching a watch link's room.
    #[cfg(feature = "online")]
    pub(super) fn online_entered(&mut self) -> crate::app::online::OnlineScreen {
        let shared = &mut self.shared;
        // The name the high-score table keeps is the one the other
        // player and watchers see (none while it is the default).
        let named = shared.progress.name != crate::app::records::DEFAULT_NAME;
        let meeting = crate::app::online::Meeting {
            name: named.then(|| shared.progress.name.clone()),
            ..shared.meeting.clone()
        };
        let mut online = crate::app::online::OnlineScreen::new(
            &shared.levels,
            shared.now,
            &meeting,
            shared.seams.network.clone(),
            &mut shared.out.log,
        );
        if let Some(level) = self.online_level {
            online.show_level(level);
        }
        if let Some(code) = self.watch_link.take() {
            online.watch_code(&code, &mut shared.out.log);
        }
        online
    }
}

/// The online match just left, saved as a replay of its confirmed inputs
/// (the record `ONLINE_REPLAY`: the last one left), and said in the log.
#[cfg(feature = "online")]
pub(super) fn save_online_replay(
    online: &mut crate::app::online::OnlineScreen,
    out: &mut super::FrameOutput,
) {
    use crate::app::online::ONLINE_REPLAY;
    use crate::app::state::RecordSave;
    let Some(text) = online.take_replay() else {
        return;
    };
    out.log.push(format!(
        "online: the match is saved as the replay {ONLINE_REPLAY}"
    ));
    out.saves.push(RecordSave {
        name: ONLINE_REPLAY.to_string(),
        text,
    });
}

/// A frame of the online screen: the lobby's commands (Leave: the title), this
/// player's intent from the frame's hands (`device`: the input in use), the
/// match's steps (GGRS owns them) and what they fired, or the attract game
/// behind the lobby.
#[cfg(feature = "online")]
pub(super) fn online_frame(
    online: &mut crate::app::online::OnlineScreen,
    shared: &mut Shared,
    device: Option<crate::app::input::Device>,
    input: &FrameInput,
) -> Transition {
    use crate::app::play::{PlayDriver, Played};
    let steps = shared.driver.advance(f64::from(input.dt));
    online.hitstop = shared.settings.juice.hitstop;
    let commands = online.commands(&input.commands, &input.pad_commands);
    let exit = online.input(&commands, &shared.levels, &mut shared.out.log);
    save_online_replay(online, &mut shared.out);
    if exit {
        return Transition::Leave;
    }
    // The prompts name this player's own keys and the input in use.
    let local = online.local_side();
    if let Some(s) = online.session.as_mut() {
        // Kept once the match ends: its last picture stays the player's way round.
        s.online_side = local.or(s.online_side);
        s.bindings = shared.settings.bindings;
        s.device = device;
    }
    let intent = match (&online.session, local) {
        (Some(s), Some(side)) => {
            let hands = (&input.hands, &shared.settings);
            PlayDriver::online_intent(s, side, &mut online.hand_off, hands)
        }
        _ => crate::game::Intent::IDLE,
    };
    let had_result = online.result.is_some();
    let settled = online.update(steps, intent, &shared.levels, shared.now);
    if let (false, Some(_), Some(s)) = (had_result, &online.result, &online.session) {
        shared.out.celebrate = crate::app::online::online_ceremony(s);
    }
    // A rematch began: the last match's ceremony (the loser's dim) ends.
    shared.out.left_game |= had_result && online.result.is_none();
    let session_on = online.session.is_some();
    save_online_replay(online, &mut shared.out);
    shared.out.withdrawn = settled.withdraw.iter().map(|w| w.event).collect();
    if session_on {
        let events = settled.fire.iter().map(|f| f.event).collect();
        shared.out.played = Some(Played::by_player(steps, events, &shared.settings));
    } else {
        shared.step_attract(steps, input.debug);
    }
    Transition::Stay
}
