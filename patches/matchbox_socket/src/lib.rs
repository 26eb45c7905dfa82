#![warn(missing_docs)]
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod error;
#[cfg(feature = "ggrs")]
mod ggrs_socket;
mod webrtc_socket;

pub use async_trait;
pub use error::{Error, SignalingError};
pub use matchbox_protocol::PeerId;
// Patched: the app's TLS config for `wss://` signaling (native only).
#[cfg(not(target_arch = "wasm32"))]
pub use webrtc_socket::set_signaling_tls_config;
pub use webrtc_socket::{
    CandidatePair, CandidateType, ChannelConfig, MessageLoopFuture, Packet, PeerEvent, PeerRequest,
    PeerSignal, PeerState, RtcIceServerConfig, Signaller, SignallerBuilder, WebRtcChannel,
    WebRtcSocket, WebRtcSocketBuilder, error::ChannelError,
};
