//! Who drives each side, and the one place where their decisions become a step's
//! [`Inputs`]: the shell, the attract mode and `arkanong sim` all call
//! [`gather_inputs`].

use super::{Cpu, Game, Inputs, Intent};
use crate::level::Side;

/// One step's inputs: each side with a CPU asks it (bottom first, so the CPUs'
/// random numbers are drawn in a fixed order; two CPUs facing each other play
/// their fixed rows, [`Cpu::intent_against_a_cpu`]); each side without one takes
/// `human(side)`, which the shell reads from keys, pointer and pads and headless
/// tools answer with [`Intent::IDLE`].
pub fn gather_inputs(
    game: &Game,
    cpus: &mut [Option<Cpu>; 2],
    mut human: impl FnMut(Side) -> Intent,
) -> Inputs {
    let mut inputs = Inputs::default();
    // Two CPUs facing each other keep their fixed rows: playing to the score
    // is for a person (`cpu_band.rs`).
    let cpu_against_cpu = cpus.iter().all(Option::is_some);
    for side in [Side::Bottom, Side::Top] {
        let k = side.index() as usize;
        inputs.players[k] = match &mut cpus[k] {
            Some(cpu) if cpu_against_cpu => cpu.intent_against_a_cpu(game),
            Some(cpu) => cpu.intent(game),
            None => human(side),
        };
    }
    inputs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Difficulty, Mode};
    use crate::level::Level;

    #[test]
    fn gather_inputs_asks_cpus_and_humans_by_side() {
        let level = Level::parse("[bricks]\n111\n").unwrap();
        let game = Game::new(&level, Mode::Versus, 3);
        let mut cpus = [None, Some(Cpu::new(Side::Top, Difficulty::Hard, 3))];
        let right = Intent {
            dx: 1,
            ..Intent::IDLE
        };
        let mut asked = Vec::new();
        let inputs = gather_inputs(&game, &mut cpus, |side| {
            asked.push(side);
            right
        });
        assert_eq!(
            asked,
            [Side::Bottom],
            "only the side without a CPU is asked"
        );
        assert_eq!(inputs.players[0], right);
        let mut twin = Cpu::new(Side::Top, Difficulty::Hard, 3);
        assert_eq!(
            inputs.players[1],
            twin.intent(&game),
            "the CPU decided the top"
        );
    }
}
