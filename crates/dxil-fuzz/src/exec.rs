//! Fuzz target for the executor: the first bytes choose a dispatch (groups, wave size), the
//! rest is a module (container, program part, bitcode or text). Every resource the module
//! declares is bound to small zeroed memory, and a small instruction budget stops endless
//! loops: compiling and dispatching must end without a panic or a hang; errors are fine.

use dxil_exec::{Bindings, ComponentFormat, Dispatch, ElementFormat, Program};

/// The body of the `exec` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let Some((head, module)) = data.split_first_chunk::<4>() else {
        return;
    };
    let Ok(m) = dxil::read_module(module) else {
        return;
    };
    let Ok(program) = Program::compile(&m, None) else {
        return;
    };
    let Ok(meta) = dxil_module::DxilMetadata::read(&m) else {
        return;
    };
    let word = ElementFormat {
        component: ComponentFormat::UInt32,
        channels: 1,
    };
    let mut bindings = Bindings::from_module(&meta, 4, |declared, _| {
        declared.stand_in(vec![0; 256], word, [4, 4])
    });
    let dispatch = Dispatch {
        groups: [u32::from(head[0] % 3) + 1, u32::from(head[1] % 2) + 1, 1],
        wave_size: [None, Some(4), Some(32), Some(128)]
            .get(usize::from(head[2] % 4))
            .copied()
            .flatten(),
        budget: 1 << 16,
        trace: (head[3] & 1 == 1).then_some([0, 0, 0]),
    };
    let _ = program.dispatch(&mut bindings, &dispatch, &mut std::io::sink());
}
