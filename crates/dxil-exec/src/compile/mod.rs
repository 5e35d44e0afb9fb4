//! The compiler: a module's compute, vertex or pixel entry point and everything it touches,
//! turned once into the compact form the interpreter runs ([`crate::code`]). DXIL.rst
//! "Entry points" (the function, `numthreads`, `WaveSize`), "Shader Resources"
//! (`dx.resources` ranges that `createHandle` names by range id), "Address Spaces"
//! (group-shared globals in addrspace 3), "Signature element record" (the inputs and
//! outputs of vertex and pixel shaders, `crate::graphics::signature`).

mod cfg;
pub(crate) mod check;
pub(crate) mod consts;
pub(crate) mod func;
pub(crate) mod types;

use std::collections::HashMap;

use dxil_ir::{CheckedModule, Global, Module, ValueRef};
use dxil_module::md::Md;
use dxil_module::model::{Property, ResourceClass};
use dxil_module::DxilMetadata;

use crate::code::Function;
use crate::error::{InputCause, Result, UnsupportedCause};
use crate::interp::mem;

/// Group-shared memory beyond this is refused (D3D allows 32 KiB; SM 6.8 more).
const MAX_SHARED: u64 = 1 << 24;

/// A compiled entry point.
#[derive(Debug)]
pub(crate) struct Compiled {
    pub(crate) func: Function,
    pub(crate) num_threads: [u32; 3],
    /// `WaveSize` (or the preferred/minimum of a ranged one), when given.
    pub(crate) wave_size: Option<u32>,
    /// (class 0-3 as `createHandle` numbers them, range id) -> (space, lower bound).
    pub(crate) ranges: HashMap<(u8, u32), (u32, u32)>,
    /// Private memory of one thread as it starts (thread-private globals, then allocas).
    pub(crate) private_init: Vec<u8>,
    /// Group-shared memory as a group starts.
    pub(crate) shared_init: Vec<u8>,
    /// fp32 arithmetic flushes denormals to zero (modes `any` and `ftz`; WARP flushes).
    pub(crate) ftz32: bool,
    /// The stage, and for vertex and pixel shaders where `loadInput`/`storeOutput` find
    /// each element of the signatures.
    pub(crate) stage: crate::graphics::StageIo,
}

fn input(what: String) -> crate::Error {
    InputCause::Malformed(what).into()
}

/// Compiles `entry` (or the only entry point) of `m`.
pub(crate) fn compile(m: &CheckedModule, entry: Option<&str>) -> Result<Compiled> {
    let meta = DxilMetadata::read(m).map_err(|e| input(format!("DXIL metadata: {e}")))?;
    // A module without `dx.entryPoints` has no entry point, as one whose list is empty.
    let entries = match meta.entry_points.as_deref() {
        Some(list) => list,
        None => &[],
    };
    let ep = match entry {
        Some(name) => entries
            .iter()
            .find(|e| e.name == name)
            .ok_or_else(|| input(format!("no entry point named '{name}'")))?,
        None => match entries {
            [one] => one,
            [] => return Err(input("the module has no entry point".into())),
            _ => {
                return Err(input(
                    "the module has several entry points: name one".into(),
                ))
            }
        },
    };
    let kind = meta
        .shader_model
        .as_ref()
        .map_or("cs", |sm| sm.kind.as_str());
    let stage = crate::graphics::StageIo::new(kind, ep.signatures.as_ref())?;
    let f = match &ep.function {
        Md::Value {
            value: ValueRef::Function(f),
            ..
        } => *f,
        _ => return Err(input(format!("entry point '{}' has no function", ep.name))),
    };
    let mut num_threads = None;
    let mut wave_size = None;
    for p in ep.properties.iter().flatten() {
        match p {
            Property::NumThreads(v) if v.len() == 3 => num_threads = Some([v[0], v[1], v[2]]),
            Property::WaveSize(v) => wave_size = v.first().copied(),
            Property::RangedWaveSize(v) => {
                // Preferred size when given (non-zero), else the minimum.
                wave_size = v.get(2).copied().filter(|&p| p != 0).or(v.first().copied());
            }
            _ => {}
        }
    }
    // Graphics stages have no thread groups: the draw packs their invocations into waves.
    if stage.kind != crate::graphics::Kind::Compute {
        num_threads = num_threads.or(Some([1, 1, 1]));
    }
    let num_threads =
        num_threads.ok_or_else(|| input(format!("entry point '{}' has no numthreads", ep.name)))?;
    let total = num_threads.iter().map(|&n| u64::from(n)).product::<u64>();
    if total == 0 || total > 1024 {
        return Err(input(format!(
            "numthreads {num_threads:?}: 1 to 1024 threads per group"
        )));
    }
    let mut ranges = HashMap::new();
    let lists = meta.resources.as_ref().or(ep.resources.as_ref());
    if let Some(lists) = lists {
        for (class, code) in [
            (ResourceClass::SRV, 0u8),
            (ResourceClass::UAV, 1),
            (ResourceClass::CBuffer, 2),
            (ResourceClass::Sampler, 3),
        ] {
            for r in lists.of(class) {
                ranges.insert((code, r.base.id), (r.base.space, r.base.lower_bound));
            }
        }
    }
    // Globals: group-shared ones in the group's memory, the others in each thread's private
    // memory (DXC keeps `static` arrays there, constant or not).
    let mut addrs: HashMap<Global, u64> = HashMap::new();
    let (mut shared_size, mut private_size) = (0u64, 0u64);
    let mut placed = Vec::new();
    for (g, data) in m.globals.iter_with_ids() {
        let Ok((size, align)) = types::layout(m, data.value_ty) else {
            continue;
        };
        let align = u64::from(align.max(1));
        let (space, cur) = if data.addrspace == 3 {
            (mem::SHARED, &mut shared_size)
        } else if data.addrspace == 0 {
            (mem::PRIVATE, &mut private_size)
        } else {
            continue;
        };
        let off = cur.div_ceil(align) * align;
        *cur = off + u64::from(size);
        if *cur > MAX_SHARED {
            return Err(UnsupportedCause::GlobalMemory.into());
        }
        addrs.insert(g, mem::pointer(space, off as u32));
        placed.push((g, space, off as usize));
    }
    let mut shared_init = vec![0u8; shared_size as usize];
    let mut private_globals = vec![0u8; private_size as usize];
    for (g, space, off) in placed {
        let data = m.global(g);
        if let Some(init) = data.initializer {
            let mem = if space == mem::SHARED {
                &mut shared_init
            } else {
                &mut private_globals
            };
            // Initialisers that are not plain data (rare) leave zeros.
            let _ = consts::store_init(m, &addrs, data.value_ty, init, mem, off);
        }
    }
    let fdata = m.function(f);
    let body = m
        .body(f)
        .ok_or_else(|| input(format!("entry function of '{}' has no body", ep.name)))?;
    let ftz32 = denorm_mode(m, fdata.attributes).as_deref() != Some("preserve");
    let mut env = func::Env {
        m,
        globals: &addrs,
        private_size: private_size as u32,
        ftz32,
    };
    let func = func::compile(&mut env, function_name(m, fdata), body)?;
    let mut private_init = private_globals;
    private_init.resize(env.private_size as usize, 0);
    Ok(Compiled {
        func,
        num_threads,
        wave_size,
        ranges,
        private_init,
        shared_init,
        ftz32,
        stage,
    })
}

/// The name traces and errors give the entry function: its symbol, or the empty name for a
/// function without one (`dxil dis` numbers it instead).
fn function_name<'m>(m: &'m dxil_ir::CheckedModule, f: &dxil_ir::FunctionData) -> &'m str {
    m.name_text(f.common.name)
}

/// The function's `fp32-denorm-mode` attribute (DXIL.rst "Shader Properties": `any`, `ftz`
/// or `preserve`), from its attribute list (1-based; 0 none).
fn denorm_mode(m: &Module, list: u32) -> Option<String> {
    let list = m.attribute_lists.get((list as usize).checked_sub(1)?)?;
    for g in list.groups.iter() {
        let Some(group) = m.attribute_groups.iter().find(|x| x.id == *g) else {
            continue;
        };
        if group.index != u32::MAX {
            continue;
        }
        for a in &group.attrs {
            if let dxil_ir::Attribute::String { key, value } = a {
                if key == "fp32-denorm-mode" {
                    return value.clone();
                }
            }
        }
    }
    None
}
