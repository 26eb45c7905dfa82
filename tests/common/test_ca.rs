//! A test CA and a server certificate it signs, made at test time with rcgen
//! (no file of keys in the repository), for `localhost` and `127.0.0.1`.
//! Shared by `tests/tls_loopback.rs` and `server/tests/tls.rs` (by `#[path]`).
#![allow(dead_code)] // Each includer uses its own part.

use std::path::{Path, PathBuf};

/// The files one test CA wrote.
#[derive(Debug, Clone)]
pub(crate) struct TestCa {
    /// The CA's certificate (what a client trusts: `--ca-file`).
    pub(crate) ca: PathBuf,
    /// The server's certificate, signed by the CA (`--tls-cert`).
    pub(crate) cert: PathBuf,
    /// The server's private key (`--tls-key`).
    pub(crate) key: PathBuf,
    /// The CA's certificate, DER (for a client built in the test).
    pub(crate) ca_der: Vec<u8>,
}

/// Makes a CA named `name` and a certificate for localhost and 127.0.0.1 it
/// signs, written to `dir` as `NAME-ca.pem`, `NAME-cert.pem`, `NAME-key.pem`.
pub(crate) fn make_test_ca(dir: &Path, name: &str) -> TestCa {
    use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
    std::fs::create_dir_all(dir).expect("a folder for the test CA");
    let ca_key = KeyPair::generate().expect("a CA key");
    let mut ca_params = CertificateParams::new(Vec::<String>::new()).expect("CA params");
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(DnType::CommonName, format!("Arkanong test CA {name}"));
    let ca_cert = ca_params
        .self_signed(&ca_key)
        .expect("the CA's certificate");
    let issuer = Issuer::new(ca_params, ca_key);
    let key = KeyPair::generate().expect("a server key");
    let params = CertificateParams::new(vec!["localhost".to_owned(), "127.0.0.1".to_owned()])
        .expect("server params");
    let cert = params
        .signed_by(&key, &issuer)
        .expect("the server's certificate");
    let ca = TestCa {
        ca: dir.join(format!("{name}-ca.pem")),
        cert: dir.join(format!("{name}-cert.pem")),
        key: dir.join(format!("{name}-key.pem")),
        ca_der: ca_cert.der().to_vec(),
    };
    std::fs::write(&ca.ca, ca_cert.pem()).expect("the CA written");
    std::fs::write(&ca.cert, cert.pem()).expect("the certificate written");
    std::fs::write(&ca.key, key.serialize_pem()).expect("the key written");
    ca
}
