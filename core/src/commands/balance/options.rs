//! The options of `arkanong balance`.

/// Options of `arkanong balance`.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct BalanceOptions {
    /// Seeds per level and pairing (1, 2, ... N); 5 by default, 20 with --player
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub seeds: Option<u64>,
    /// Measure a simulated person instead of the CPUs: newcomer or average (see docs/balance.md); with --set or --level, only those levels
    #[arg(long, value_name = "MODEL", value_parser = ["newcomer", "average"], conflicts_with = "json")]
    pub player: Option<String>,
    /// Only this level: a path, or a shipped level's name (`SET/FILE` for a set's) or number
    #[arg(long, value_name = "FILE", conflicts_with = "set")]
    pub level: Option<String>,
    /// Only this shipped set: its folder (angles, duels, blast) or title; `root` for the first
    #[arg(long, value_name = "NAME")]
    pub set: Option<String>,
    /// With --player, only these modes: solo, versus, or both (the default), e.g. `--modes solo`
    #[arg(long, value_name = "MODES", value_delimiter = ',', value_parser = ["solo", "versus"], requires = "player")]
    pub modes: Vec<String>,
    /// Print JSON instead of the tables
    #[arg(long)]
    pub json: bool,
}

impl BalanceOptions {
    /// Whether `--modes` lets the person play `mode` (`"solo"` or `"versus"`):
    /// every mode when `--modes` is not given.
    pub fn plays(&self, mode: &str) -> bool {
        self.modes.is_empty() || self.modes.iter().any(|m| m == mode)
    }
}
