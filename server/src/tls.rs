//! `--tls-cert PEM --tls-key PEM`: the server terminates TLS itself (rustls,
//! ring), so it speaks `https://` and `wss://` without a proxy in front. The
//! handshake runs after a connection is admitted against the per-address and
//! total caps, within the handshake deadline (run.rs): a stranger's half-done
//! handshakes count against the same caps as half-sent requests.
//!
//! The files are read at start (an unreadable or mismatched pair stops the
//! server with why) and again on SIGHUP (`systemctl reload`) or when they
//! change (their modification times and sizes are looked at every
//! [`WATCH_EVERY`], and read once they held still for one look, so a renewal
//! writing the certificate and then the key is read whole), so a renewed
//! certificate is taken without dropping anyone. A reload that fails keeps the
//! certificate in use and logs why. Only paths and parse errors are ever
//! logged, never key material.

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime};

use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::TlsAcceptor;

/// The certificate and key files, and the acceptor made from them.
pub(super) struct Tls {
    cert: PathBuf,
    key: PathBuf,
    acceptor: RwLock<TlsAcceptor>,
}

impl std::fmt::Debug for Tls {
    /// The paths only (the acceptor holds the key).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tls")
            .field("cert", &self.cert)
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl Tls {
    /// Reads the certificate chain at `cert` and its private key at `key`.
    pub(super) fn open(cert: &Path, key: &Path) -> Result<Tls, String> {
        let acceptor = RwLock::new(acceptor(cert, key)?);
        Ok(Tls {
            cert: cert.to_owned(),
            key: key.to_owned(),
            acceptor,
        })
    }

    /// The acceptor for the next connection.
    pub(super) fn acceptor(&self) -> TlsAcceptor {
        self.acceptor
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Reads the files again (SIGHUP); on failure the one in use stays.
    pub(super) fn reload(&self) -> Result<(), String> {
        let fresh = acceptor(&self.cert, &self.key)?;
        *self.acceptor.write().unwrap_or_else(|e| e.into_inner()) = fresh;
        Ok(())
    }
}

/// How often the certificate's files are looked at for a change: a stat of
/// two files, nothing read unless they changed.
const WATCH_EVERY: Duration = Duration::from_secs(2);

/// What a look at a file sees: its modification time and size (`None`: gone,
/// for now, as in the middle of a renewal's rename).
type Stamp = Option<(SystemTime, u64)>;

fn stamp(path: &Path) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

impl Tls {
    /// The stamps of the certificate's and the key's files now.
    fn stamps(&self) -> (Stamp, Stamp) {
        (stamp(&self.cert), stamp(&self.key))
    }
}

/// Reads `tls`'s files again whenever they changed and then held still for
/// one look, logging the outcome (a bad file keeps the certificate in use).
pub(super) fn reload_on_change(tls: Arc<Tls>) {
    tokio::spawn(async move {
        let mut seen = tls.stamps();
        let mut settling = false;
        let mut every = tokio::time::interval(WATCH_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            every.tick().await;
            let now = tls.stamps();
            if now != seen {
                seen = now;
                settling = true;
                continue;
            }
            if !std::mem::take(&mut settling) {
                continue;
            }
            match tls.reload() {
                Ok(()) => tracing::info!("the certificate's files changed: read again"),
                Err(e) => {
                    tracing::warn!(
                        "the certificate's files changed: {e}; the certificate in use stays"
                    )
                }
            }
        }
    });
}

/// An acceptor for the chain at `cert` and the key at `key`, speaking HTTP/1.1
/// (ALPN), TLS 1.2 and 1.3.
fn acceptor(cert: &Path, key: &Path) -> Result<TlsAcceptor, String> {
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .and_then(|certs| certs.collect::<Result<_, _>>())
        .map_err(|e| format!("--tls-cert {}: {e}", cert.display()))?;
    if chain.is_empty() {
        return Err(format!(
            "--tls-cert {}: no certificate in it (PEM, -----BEGIN CERTIFICATE-----)",
            cert.display()
        ));
    }
    // The parse error names what was wrong with the file, never its contents.
    let private = PrivateKeyDer::from_pem_file(key)
        .map_err(|e| format!("--tls-key {}: no private key read ({e})", key.display()))?;
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_no_client_auth()
        .with_single_cert(chain, private)
        .map_err(|e| {
            format!(
                "--tls-cert {} and --tls-key {}: {e}",
                cert.display(),
                key.display()
            )
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// Starts reading `tls`'s files again at every SIGHUP, logging the outcome.
/// The handler is in place when this returns (a SIGHUP right after the
/// `listening` line must not end the server, SIGHUP's default).
pub(super) fn reload_on_hangup(tls: Arc<Tls>) {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::hangup()) {
            Ok(mut hup) => {
                tokio::spawn(async move {
                    while hup.recv().await.is_some() {
                        match tls.reload() {
                            Ok(()) => tracing::info!("SIGHUP: the certificate was read again"),
                            Err(e) => {
                                tracing::warn!("SIGHUP: {e}; the certificate in use stays")
                            }
                        }
                    }
                });
            }
            Err(e) => tracing::warn!("cannot listen for SIGHUP ({e}): no certificate reloads"),
        }
    }
    #[cfg(not(unix))]
    drop(tls);
}
