//! What the desktop's TLS trusts: Mozilla's roots (webpki), and beside them the
//! certificates of a PEM file named by `--ca-file` or [`CA_FILE_ENV`], for a
//! private server with a certificate of its own CA, and for the tests' CA made
//! at test time. Set once at start by the command that connects; read by the
//! HTTP client ([`super::send`]) and given to matchbox for `wss://` signaling.

use std::sync::{Arc, Mutex};

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::CertificateDer;

use super::CA_FILE_ENV;

/// The extra roots, once a CA file was read (none: Mozilla's roots alone).
static EXTRA_ROOTS: Mutex<Option<Arc<Vec<CertificateDer<'static>>>>> = Mutex::new(None);

/// Trusts the CA certificates in `flag`'s file (`--ca-file`), else in the file
/// [`CA_FILE_ENV`] names, beside Mozilla's roots, for every later `https://`
/// request and `wss://` signaling connection of this process. Neither given:
/// nothing changes. An unreadable file, or one without a certificate, is an
/// error naming it (the caller prints it and stops: a player who named a CA
/// meant to use it).
pub fn trust_ca_file(flag: Option<&str>) -> Result<(), String> {
    let from_env = std::env::var(CA_FILE_ENV).ok().filter(|p| !p.is_empty());
    let (path, named_by) = match (flag, from_env) {
        (Some(path), _) => (path.to_owned(), "--ca-file".to_owned()),
        (None, Some(path)) => (path, CA_FILE_ENV.to_owned()),
        (None, None) => return Ok(()),
    };
    let certs = read_ca_file(&path).map_err(|why| format!("{named_by} {path}: {why}"))?;
    let config = signaling_config(&certs)?;
    matchbox_socket::set_signaling_tls_config(Arc::new(config));
    *EXTRA_ROOTS.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(certs));
    Ok(())
}

/// The extra roots [`trust_ca_file`] read, if any.
pub(super) fn extra_roots() -> Option<Arc<Vec<CertificateDer<'static>>>> {
    EXTRA_ROOTS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
}

/// The certificates of the PEM file at `path` (other sections, such as a key
/// put in the same file by mistake, are skipped, never kept).
fn read_ca_file(path: &str) -> Result<Vec<CertificateDer<'static>>, String> {
    let text = std::fs::read(path).map_err(|e| e.to_string())?;
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&text)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("not a PEM file ({e})"))?;
    if certs.is_empty() {
        return Err(
            "no certificate in it (a PEM file of -----BEGIN CERTIFICATE----- blocks)".into(),
        );
    }
    Ok(certs)
}

/// Mozilla's roots and `extra` as whole certificates (what ureq takes).
pub(super) fn all_roots(extra: &[CertificateDer<'static>]) -> Vec<CertificateDer<'static>> {
    let mut roots: Vec<CertificateDer<'static>> = webpki_root_certs::TLS_SERVER_ROOT_CERTS.to_vec();
    roots.extend(extra.iter().cloned());
    roots
}

/// The rustls client config matchbox's `wss://` signaling uses: Mozilla's roots
/// and `extra`, with ring (the provider already in the tree).
fn signaling_config(extra: &[CertificateDer<'static>]) -> Result<rustls::ClientConfig, String> {
    let mut store = rustls::RootCertStore::empty();
    let (_, unparsed) = store.add_parsable_certificates(all_roots(extra));
    if unparsed > 0 && store.is_empty() {
        return Err("no usable CA certificate".into());
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(store)
        .with_no_client_auth();
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ca_file_without_a_certificate_is_an_error_naming_it() {
        let dir = std::env::temp_dir().join(format!("arkanong-ca-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let empty = dir.join("empty.pem");
        std::fs::write(&empty, "hello\n").unwrap();
        let e = trust_ca_file(Some(empty.to_str().unwrap())).unwrap_err();
        assert!(
            e.starts_with("--ca-file ") && e.contains("no certificate"),
            "{e}"
        );
        let missing = dir.join("missing.pem");
        let e = trust_ca_file(Some(missing.to_str().unwrap())).unwrap_err();
        assert!(e.contains("missing.pem"), "{e}");
        assert!(extra_roots().is_none(), "nothing trusted after a failure");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn mozillas_roots_stay_beside_the_extra_ones() {
        let n = webpki_root_certs::TLS_SERVER_ROOT_CERTS.len();
        assert!(n > 50);
        let extra = CertificateDer::from(vec![1, 2, 3]);
        assert_eq!(all_roots(&[extra]).len(), n + 1);
    }
}
