//! Property: any container built from random parts writes, reads back equal, writes again
//! byte-identical, and carries a verifying digest once signed.

use dxil_container::{Container, ContainerBuf, ContainerVersion, Digest, DigestStatus, FourCC};
use proptest::prelude::*;

fn part() -> impl Strategy<Value = (u32, Vec<u8>)> {
    (
        prop_oneof![
            Just(FourCC::DXIL.0),
            Just(FourCC::HASH.0),
            Just(FourCC::SFI0.0),
            Just(FourCC::RTS0.0),
            any::<u32>(),
        ],
        proptest::collection::vec(any::<u8>(), 0..200),
    )
}

proptest! {
    #[test]
    fn build_write_read_equal(
        parts in proptest::collection::vec(part(), 0..8),
        digest in any::<[u8; 16]>(),
        minor in any::<u16>(),
    ) {
        let mut b = ContainerBuf::new();
        b.digest = Digest(digest);
        b.version = ContainerVersion { major: 1, minor };
        for (cc, data) in &parts {
            b.add_part(FourCC(*cc), data.clone());
        }
        let bytes = b.to_bytes().unwrap();
        let c = Container::parse(&bytes).unwrap();
        prop_assert!(c.is_packed());
        prop_assert_eq!(c.header().digest, Digest(digest));
        prop_assert_eq!(c.header().version.minor, minor);
        prop_assert_eq!(c.parts().len(), parts.len());
        for (p, (cc, data)) in c.parts().iter().zip(&parts) {
            prop_assert_eq!(p.fourcc, FourCC(*cc));
            prop_assert_eq!(p.data, &data[..]);
        }
        let again = ContainerBuf::from_container(&c);
        prop_assert_eq!(again.parts(), b.parts());
        prop_assert_eq!(again.to_bytes().unwrap(), bytes.clone());

        let mut signed = again.clone();
        let signed_bytes = signed.to_bytes_with_digest().unwrap();
        prop_assert_eq!(&signed_bytes[20..], &bytes[20..]);
        prop_assert_eq!(Container::parse(&signed_bytes).unwrap().digest_status(), DigestStatus::Matches);
    }
}
