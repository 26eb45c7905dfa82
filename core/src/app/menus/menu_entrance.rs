//! Menu entrances (issue 13): each new menu screen slides up and settles in over a
//! quarter of a second; a game's results arrive with their ceremony's own move (a
//! victory's title punches in, a defeat's drops heavily). Headless: the shell
//! tells it which screen shows and how time passes, and draws the menu moved,
//! scaled and faded as [`MenuEntrance::pose`] says. Input is never held back: the
//! items are where they will rest from the first frame, only drawn elsewhere.

use super::Screen;
use crate::app::feel::{ease_out_bounce, Arrival};

/// How far below its place a sliding screen starts, as a share of the window's
/// height.
const SLIDE_RISE: f32 = 0.03;
/// How much larger a sliding screen starts (it settles as it rises).
const SLIDE_GROW: f32 = 0.04;
/// How much larger a punching title starts.
const PUNCH_GROW: f32 = 0.6;
/// How far above its place a dropping title starts, as a share of the window's
/// height.
const DROP_RISE: f32 = 0.6;

/// Where and how the menu is drawn this frame, relative to where it rests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MenuPose {
    /// Downward shift, as a share of the window's height (negative: above).
    pub shift: f32,
    /// Scale about the window's centre (1 at rest).
    pub scale: f32,
    /// How far the entrance has come, 0 to 1 (the dim behind the menu and the
    /// menu's opacity follow it).
    pub progress: f32,
}

impl MenuPose {
    /// A menu at rest.
    pub const REST: Self = Self {
        shift: 0.0,
        scale: 1.0,
        progress: 1.0,
    };
}

/// The screen last seen and the seconds since it arrived.
#[derive(Debug, Clone, PartialEq)]
pub struct MenuEntrance {
    screen: Option<Screen>,
    arrival: Arrival,
    age: f32,
    /// How the next screen change arrives, if not the usual slide.
    next: Option<Arrival>,
}

impl Default for MenuEntrance {
    fn default() -> Self {
        Self {
            screen: None,
            arrival: Arrival::Cut,
            age: 0.0,
            next: None,
        }
    }
}

/// Cubic ease-out: fast at first, settling at the end.
fn ease_out(t: f32) -> f32 {
    let u = 1.0 - t.clamp(0.0, 1.0);
    1.0 - u * u * u
}

impl MenuEntrance {
    /// Asks for the next screen change to arrive as `arrival` (the results after
    /// a ceremony).
    pub fn arrive_next_as(&mut self, arrival: Arrival) {
        self.next = Some(arrival);
    }

    /// Notes the screen showing this frame; a change starts its entrance: the
    /// one asked for, else a slide (`Cut` with `animate` off, and for the game
    /// itself).
    pub fn show(&mut self, screen: Screen, animate: bool) {
        if self.screen == Some(screen) {
            return;
        }
        self.screen = Some(screen);
        self.age = 0.0;
        let asked = self.next.take().unwrap_or(Arrival::Slide);
        self.arrival = match asked {
            _ if screen == Screen::Playing => Arrival::Cut,
            Arrival::Slide if !animate => Arrival::Cut,
            a => a,
        };
    }

    /// Lets `dt` seconds pass.
    pub fn update(&mut self, dt: f32) {
        self.age = (self.age + dt).min(self.arrival.seconds());
    }

    /// How the menu is drawn now.
    pub fn pose(&self) -> MenuPose {
        let seconds = self.arrival.seconds();
        if self.age >= seconds {
            return MenuPose::REST;
        }
        let t = self.age / seconds;
        match self.arrival {
            Arrival::Cut => MenuPose::REST,
            Arrival::Slide => {
                let rest = 1.0 - ease_out(t);
                MenuPose {
                    shift: SLIDE_RISE * rest,
                    scale: 1.0 + SLIDE_GROW * rest,
                    progress: ease_out(t),
                }
            }
            Arrival::Punch => {
                // Quadratic ease-in: it slams down, fastest at the end.
                let rest = 1.0 - t * t;
                MenuPose {
                    shift: 0.0,
                    scale: 1.0 + PUNCH_GROW * rest,
                    progress: t,
                }
            }
            Arrival::Drop => MenuPose {
                shift: -DROP_RISE * (1.0 - ease_out_bounce(t)),
                scale: 1.0,
                progress: t,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::feel::{MENU_SLIDE_SECONDS, PUNCH_SECONDS};

    #[test]
    fn menu_entrance_slides_on_each_change_and_rests_after() {
        let mut m = MenuEntrance::default();
        m.show(Screen::Title, true);
        let start = m.pose();
        assert!(start.shift > 0.0 && start.scale > 1.0 && start.progress == 0.0);
        m.update(MENU_SLIDE_SECONDS * 0.5);
        let mid = m.pose();
        assert!(mid.shift < start.shift && mid.scale < start.scale && mid.progress > 0.5);
        m.update(MENU_SLIDE_SECONDS);
        assert_eq!(m.pose(), MenuPose::REST);
        // The same screen again starts nothing; a new one starts over.
        m.show(Screen::Title, true);
        assert_eq!(m.pose(), MenuPose::REST);
        m.show(Screen::Settings, true);
        assert_eq!(m.pose().progress, 0.0);
    }

    #[test]
    fn menu_entrance_switched_off_or_into_the_game_cuts() {
        let mut m = MenuEntrance::default();
        m.show(Screen::Settings, false);
        assert_eq!(m.pose(), MenuPose::REST);
        m.show(Screen::Playing, true);
        assert_eq!(m.pose(), MenuPose::REST);
    }

    #[test]
    fn menu_entrance_results_punch_or_drop_as_asked_once() {
        let mut m = MenuEntrance::default();
        m.show(Screen::Playing, true);
        m.arrive_next_as(Arrival::Punch);
        m.show(Screen::GameOver, false);
        assert!(
            m.pose().scale > 1.5,
            "a ceremony's arrival even with slides off"
        );
        m.update(PUNCH_SECONDS);
        assert_eq!(m.pose(), MenuPose::REST);
        m.arrive_next_as(Arrival::Drop);
        m.show(Screen::LevelCleared, true);
        assert!(m.pose().shift < -0.5, "starts high above");
        let mut lowest: f32 = -1.0;
        for _ in 0..70 {
            m.update(0.01);
            lowest = lowest.max(m.pose().shift);
            assert!(m.pose().shift <= 0.0, "never below its place");
        }
        assert!(lowest > -1e-3, "it lands: {lowest}");
        m.show(Screen::Title, true);
        assert!(m.pose().scale < 1.1, "the next change slides again");
    }
}
