//! The simulation's random number generator, the same stream on every platform.
//!
//! `rand::rngs::SmallRng` is not one generator: it is xoshiro256++ on 64-bit targets
//! and xoshiro128++ on 32-bit ones, the browser's wasm32 among them. The same seed
//! gave a different serve angle in the browser than on the desktop, and the replay
//! fixture ended in another state there (the browser test caught it). So the game
//! draws from xoshiro256++ everywhere: `rand_xoshiro`'s, seeded by `seed_from_u64`
//! through SplitMix64 as rand seeds `SmallRng`, so on 64-bit targets it is bit for
//! bit the `SmallRng` the recorded replays were made with (the tests below pin it).
//!
//! The draws built on it are portable too: rand samples floats from `next_u32` or
//! `next_u64` alone (xoshiro256++'s `next_u32` is the upper half of its `next_u64`
//! on every target), and `usize` ranges below 2^32 from `u32`s on every target.

/// xoshiro256++ (Blackman and Vigna) from `rand_xoshiro`, seeded with
/// `SeedableRng::seed_from_u64` (SplitMix64 fills the state).
pub type PortableRng = rand_xoshiro::Xoshiro256PlusPlus;

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, RngCore, SeedableRng};

    #[test]
    fn portable_rng_matches_the_reference_vectors() {
        // From the reference implementation, as rand's own test has them.
        let mut seed = [0u8; 32];
        for (k, v) in [1u8, 2, 3, 4].into_iter().enumerate() {
            seed[8 * k] = v;
        }
        let mut rng = PortableRng::from_seed(seed);
        for expected in [41943041, 58720359, 3588806011781223, 3591011842654386] {
            assert_eq!(rng.next_u64(), expected);
        }
    }

    /// The first draws of the hand-written generator this crate replaced (its
    /// SplitMix64 seeding and xoshiro256++ step, run before the change): the
    /// replays, fixtures and online checksums depend on these exact bits.
    #[test]
    fn portable_rng_gives_the_hand_written_generators_first_draws() {
        let pinned: [(u64, [u64; 4]); 3] = [
            (
                0,
                [
                    0x5317_5d61_490b_23df,
                    0x61da_6f3d_c380_d507,
                    0x5c0f_df91_ec9a_7bfc,
                    0x02ee_bf8c_3bbe_5e1a,
                ],
            ),
            (
                0x0c05_c306_86d8_9336,
                [
                    0xc7c7_9784_bfed_6b19,
                    0x5e0f_73a8_43ba_a981,
                    0xac16_4bcb_6ffe_47c7,
                    0xb7bb_a5f1_e8e7_787b,
                ],
            ),
            (
                u64::MAX,
                [
                    0x56cc_f8ce_948e_27b2,
                    0xe685_8843_2e5a_5b90,
                    0xe3e9_b5a4_8119_ca8b,
                    0x460f_1949_5532_ae73,
                ],
            ),
        ];
        for (seed, first) in pinned {
            let mut rng = PortableRng::seed_from_u64(seed);
            assert_eq!(first.map(|_| rng.next_u64()), first, "seed {seed:#x}");
            // `next_u32` is the upper half of the next `u64`, as it was.
            let (mut a, mut b) = (rng.clone(), rng.clone());
            assert_eq!(u64::from(a.next_u32()), b.next_u64() >> 32);
        }
        // An all-zero seed would stick at zero: it is replaced by seed 0's stream.
        let mut zero = PortableRng::from_seed([0; 32]);
        assert_eq!(zero.next_u64(), pinned[0].1[0]);
    }

    #[cfg(target_pointer_width = "64")]
    #[test]
    fn portable_rng_is_smallrng_on_64_bit_targets() {
        let mut ours = PortableRng::seed_from_u64(0xdead_beef);
        let mut theirs = rand::rngs::SmallRng::seed_from_u64(0xdead_beef);
        for _ in 0..1000 {
            assert_eq!(ours.next_u64(), theirs.next_u64());
            assert_eq!(ours.random::<f32>(), theirs.random::<f32>());
            assert_eq!(
                ours.random_range(0..=17usize),
                theirs.random_range(0..=17usize)
            );
            assert_eq!(ours.random::<bool>(), theirs.random::<bool>());
        }
    }
}
