//! Metadata cycles through the copy: a uniqued node met again while its operands are being
//! copied is reserved and defined when they are done, and a distinct node is reserved
//! first; either way the copy equals the source.

use dxil_ir::build::{copy_module, ModuleBuilder};
use dxil_ir::MetadataData;

fn node(mb: &mut ModuleBuilder, distinct: bool, ops: &[dxil_ir::Metadata]) -> MetadataData {
    let ops: Vec<_> = ops.iter().map(|&m| Some(m)).collect();
    MetadataData::Node {
        distinct,
        operands: mb.md_list(&ops),
    }
}

#[test]
fn a_uniqued_cycle_is_copied_as_it_is() {
    let mut mb = ModuleBuilder::new();
    let a = mb.reserve_md();
    let s = mb.md_string(b"leaf");
    let b = mb.md_node(&[Some(a), Some(s)]).unwrap();
    let n = node(&mut mb, false, &[b, a]);
    mb.define_md(a, n).unwrap();
    let c = mb.md_node(&[Some(b)]).unwrap();
    mb.named_metadata("named", &[c, a]).unwrap();
    let m = mb.finish().unwrap();
    assert_eq!(copy_module(&m).unwrap(), m);
}

#[test]
fn a_distinct_cycle_is_copied_as_it_is() {
    let mut mb = ModuleBuilder::new();
    let d = mb.reserve_md();
    let n = mb.md_node(&[Some(d)]).unwrap();
    let data = node(&mut mb, true, &[n, d]);
    mb.define_md(d, data).unwrap();
    mb.named_metadata("named", &[n]).unwrap();
    let m = mb.finish().unwrap();
    assert_eq!(copy_module(&m).unwrap(), m);
}
