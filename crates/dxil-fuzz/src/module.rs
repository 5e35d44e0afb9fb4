//! Fuzz target for the LLVM 3.7 module reader: any input must give a module or an error, never
//! a panic or a hang; for modules that read, every operand must have a type, every `dx.op`
//! call decodes or gives an error, a copy through the public IR builder (when the builder
//! accepts the module: it checks types the reader does not) copies again to the same
//! bytes, and stripping the debug info then writing must not panic. Input: raw
//! bitcode (`BC` 0xC0DE or the wrapper).

use dxil_ir::ValueRef;

/// The body of the `module` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let Ok(m) = dxil_bitcode::read_module(data) else {
        return;
    };
    // The reader's own checks must leave nothing for the whole-module id check to find.
    if let Err(e) = m.check_ids() {
        panic!("read_module accepted a module with a bad id: {e}");
    }
    for f in &m.functions {
        let Some(body) = &f.body else { continue };
        for inst in &body.insts {
            inst.kind.for_each_operand(&body.pool, |v| {
                if !matches!(v, ValueRef::Metadata(_)) {
                    assert!(
                        matches!(m.value_type(Some(body), *v), dxil_ir::ValueType::Typed(_)),
                        "operand without a type"
                    );
                }
            });
        }
    }
    for f in &m.functions {
        let Some(body) = &f.body else { continue };
        for inst in &body.insts {
            let _ = dxil_ops::decode_call(&m, body, inst);
        }
    }
    // A module the builder accepted is one it can copy again unchanged. (The first copy
    // may differ from a hostile module: it follows LLVM's rules where the input does not,
    // e.g. a metadata kind table without the fixed kinds.)
    if let Ok(copy) = dxil_ir::build::copy_module(&m) {
        let again = dxil_ir::build::copy_module(&copy).expect("a copy copies again");
        if let (Ok(a), Ok(b)) = (
            dxil_bitcode::write_module(&copy),
            dxil_bitcode::write_module(&again),
        ) {
            assert!(
                a == b,
                "copying a copy through the builder changed its bytes"
            );
        }
    }
    let mut stripped = m.clone().into_inner();
    if dxil_module::strip::strip_debug_info(&mut stripped).is_ok() {
        let _ = dxil_bitcode::write_module(&stripped);
    }
}
