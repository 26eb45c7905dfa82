//! Moving barriers' cost (issue 34): one level with 12 hexagons and 2 segments,
//! played with its barriers still and with every one of them gliding and
//! spinning, side by side, stepped in alternation so the machine's noise falls
//! on both alike.

use arkanong::game::{Game, Inputs, Mode};
use arkanong::level::{Level, Side};
use glam::Vec2;

/// The level's barriers; `motion` ends every line (empty: still).
fn level(motion: &str) -> Level {
    let mut text = String::from(
        "mode = versus\nbrick_size = 40x16\nbricks_center = 400,200\n[bricks]\n1111111111\n2222222222\n[barriers]\n",
    );
    for row in 0..3 {
        for col in 0..4 {
            let (x, y) = (130.0 + 150.0 * col as f32, 330.0 + 140.0 * row as f32);
            text += &format!("hexagon at {x},{y} radius 26 {motion}\n");
        }
    }
    text += &format!("segment from 330,780 to 470,780 {motion}\n");
    text += &format!("segment from 100,300 to 160,300 {motion}\n");
    Level::parse(&text).unwrap_or_else(|d| panic!("{d:#?}"))
}

/// The game with `balls` small balls in play.
fn game(level: &Level, balls: usize) -> Game {
    let mut g = Game::new(level, Mode::Versus, 7);
    let mut k = 0u32;
    while g.world().balls().len() < balls && k < 100_000 {
        let (x, y) = (20.0 + (k * 37 % 760) as f32, 250.0 + (k * 53 % 600) as f32);
        let v = arkanong::portable_math::from_angle(k as f32 * 0.7) * 600.0;
        g.spawn_ball_of_radius(Vec2::new(x, y), v, Side::Bottom, 3.0);
        k += 1;
    }
    g
}

/// Prints the table.
pub(crate) fn print_moving_table(
    interleaved: impl Fn(&mut [&mut dyn FnMut()], usize, usize) -> Vec<f64>,
) {
    println!("\nMoving barriers: 12 hexagons + 2 segments, still vs all gliding and spinning, median ms per game step (this run, interleaved)\n");
    println!(
        "{:>7} {:>10} {:>10} {:>8}",
        "balls", "still ms", "moving ms", "ratio"
    );
    let (still, moving) = (level(""), level("move by 20,12 period 3 spin 60"));
    for balls in [100, 1_000] {
        let (mut a, mut b) = (game(&still, balls), game(&moving, balls));
        let idle = Inputs::default();
        let mut step_a = || {
            std::hint::black_box(a.step(&idle));
        };
        let mut step_b = || {
            std::hint::black_box(b.step(&idle));
        };
        let m = interleaved(&mut [&mut step_a, &mut step_b], 60, 10);
        println!(
            "{balls:>7} {:>10.4} {:>10.4} {:>7.2}x",
            m[0],
            m[1],
            m[1] / m[0]
        );
    }
}
