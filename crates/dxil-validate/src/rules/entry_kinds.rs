//! Which functions are entries and of what stage, as the operation rules read them
//! (DXIL.rst "Metadata", entry points): a shader's one entry has its shader model's kind; a
//! library's entries (after the first, which stands for the library) the kind of their
//! `ShaderKind` property; hull shaders name a patch constant function. The operation rules
//! judge a call by the stage of the function it is in (in a library, a function that is no
//! entry is judged as library code).

use std::collections::{HashMap, HashSet};

use dxil_container::ShaderKind;
use dxil_ir::{Function, ValueRef};
use dxil_module::md::Md;
use dxil_module::model::{EntryPoint, Property};

use crate::context::Ctx;
use crate::util;

/// What the operation rules read of an entry's properties.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EntryProps {
    /// The shader kind (a library entry without one: [`util::lib_entry_default_kind`]).
    pub kind: ShaderKind,
    /// `NodeLaunchType` (0: none).
    pub launch_type: u32,
    /// The payload size a mesh shader declares.
    pub ms_payload_size: u32,
    /// The payload size an amplification shader declares.
    pub as_payload_size: u32,
}

/// The module's shader model and its entries.
pub(crate) struct EntryKinds {
    /// The shader model's kind, when the model names a known one.
    pub sm_kind: Option<ShaderKind>,
    /// The shader model's version (`lib_6_x` reads as 6.15).
    pub sm_version: (u32, u32),
    /// The shader model's name (`ps_6_0`, `lib_6_x`).
    pub sm_name: String,
    entries: HashMap<Function, EntryProps>,
    patch_constant: HashSet<Function>,
}

/// `NodeLaunchType::Broadcasting`.
pub(crate) const LAUNCH_BROADCASTING: u32 = 1;
/// `NodeLaunchType::Coalescing`.
pub(crate) const LAUNCH_COALESCING: u32 = 2;
/// `NodeLaunchType::Thread`.
pub(crate) const LAUNCH_THREAD: u32 = 3;

fn function_of(md: &Md) -> Option<Function> {
    match md {
        Md::Value {
            value: ValueRef::Function(f),
            ..
        } => Some(*f),
        _ => None,
    }
}

impl EntryKinds {
    /// Reads the entries of `ctx`'s metadata.
    pub(crate) fn read(ctx: &Ctx) -> EntryKinds {
        let sm = ctx.md.shader_model.as_ref();
        let sm_kind = sm.and_then(|sm| ShaderKind::from_shader_model_name(&sm.kind));
        let sm_version = sm.map_or((0, 0), |sm| (sm.major, sm.minor));
        let sm_name = sm.map_or_else(String::new, |sm| match sm.minor {
            15 => format!("{}_{}_x", sm.kind, sm.major),
            minor => format!("{}_{}_{}", sm.kind, sm.major, minor),
        });
        let mut kinds = EntryKinds {
            sm_kind,
            sm_version,
            sm_name,
            entries: HashMap::new(),
            patch_constant: HashSet::new(),
        };
        let entries: &[EntryPoint] = util::entry_records(ctx.md);
        let is_lib = sm_kind == Some(ShaderKind::Library);
        let (first, rest) = match entries.split_first() {
            Some(split) => split,
            None => return kinds,
        };
        if is_lib {
            for entry in rest {
                let Some(f) = function_of(&entry.function) else {
                    continue;
                };
                kinds.add(f, entry, util::lib_entry_default_kind(entry));
            }
        } else if let (Some(f), Some(kind)) = (function_of(&first.function), sm_kind) {
            kinds.add(f, first, kind);
        }
        kinds
    }

    fn add(&mut self, f: Function, entry: &EntryPoint, default_kind: ShaderKind) {
        let mut props = EntryProps {
            kind: default_kind,
            launch_type: 0,
            ms_payload_size: 0,
            as_payload_size: 0,
        };
        let mut patch_constant = None;
        for p in util::entry_properties(entry) {
            match p {
                Property::ShaderKind(k) => props.kind = util::shader_kind_of_raw(*k),
                Property::NodeLaunchType(t) => props.launch_type = *t,
                Property::MsState(ms) => props.ms_payload_size = ms.payload_size_in_bytes,
                Property::AsState(a) => props.as_payload_size = a.payload_size_in_bytes,
                Property::HsState(hs) => patch_constant = function_of(&hs.patch_constant_function),
                _ => {}
            }
        }
        if props.kind == ShaderKind::Hull {
            if let Some(pc) = patch_constant {
                self.patch_constant.insert(pc);
            }
        }
        self.entries.insert(f, props);
    }

    /// The module is a library.
    pub(crate) fn is_lib(&self) -> bool {
        self.sm_kind == Some(ShaderKind::Library)
    }

    /// The properties of entry function `f`, if it is one.
    pub(crate) fn entry(&self, f: Function) -> Option<&EntryProps> {
        self.entries.get(&f)
    }

    /// Whether `f` is a hull shader's patch constant function.
    pub(crate) fn is_patch_constant(&self, f: Function) -> bool {
        self.patch_constant.contains(&f)
    }

    /// The stage a call in `f` is judged by: the shader model's kind, except in a library,
    /// where it is the kind of the entry `f` is, `Hull` for a patch constant function, and
    /// `Library` for any other function.
    pub(crate) fn stage_of(&self, f: Function) -> Option<ShaderKind> {
        let kind = self.sm_kind?;
        if kind != ShaderKind::Library {
            return Some(kind);
        }
        Some(match self.entries.get(&f) {
            Some(props) => props.kind,
            None if self.is_patch_constant(f) => ShaderKind::Hull,
            None => ShaderKind::Library,
        })
    }

    /// The shader model is at least `major.minor`.
    pub(crate) fn sm_at_least(&self, major: u32, minor: u32) -> bool {
        self.sm_version >= (major, minor)
    }
}
