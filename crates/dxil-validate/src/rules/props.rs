//! The entry functions of the module and their properties, as the reference's `DxilModule`
//! holds them for the function and global rules (DXIL.rst "Metadata", entry points): the
//! entry function of a shader, each function-backed entry of a library, the patch constant
//! functions of hull shaders.

use std::collections::{HashMap, HashSet};

use dxil_container::ShaderKind;
use dxil_ir::{Function, ValueRef};
use dxil_module::md::Md;
use dxil_module::model::Property;
use dxil_module::shader_flags::bit;

use crate::context::Ctx;
use crate::util;

/// What the rules read of one entry's properties (`DxilFunctionProps`).
#[derive(Clone, Debug)]
pub(crate) struct FnProps {
    /// The shader kind: the shader model's kind for a shader, the `ShaderKind` tag of a
    /// library entry (`Invalid` without one).
    pub kind: ShaderKind,
    /// `NodeLaunchType` (0: none).
    pub launch_type: u32,
    /// The `NodeIOFlags` of each node input.
    pub input_flags: Vec<u32>,
    /// The explicit group shared limit (tag 24), if any.
    pub group_shared_limit: Option<u32>,
}

impl FnProps {
    /// A node shader, or a compute shader with node metadata (`IsNode`).
    pub fn is_node(&self) -> bool {
        self.kind == ShaderKind::Node || self.launch_type != 0
    }
}

/// The module's entries.
pub(crate) struct Entries {
    /// The shader model is `lib`.
    pub is_lib: bool,
    /// The entry function of a shader (`None` for a library or a missing one).
    pub entry: Option<Function>,
    /// Properties of every function that has them.
    pub props: HashMap<Function, FnProps>,
    /// The patch constant functions of hull shader entries.
    pub patch_constant: HashSet<Function>,
    /// The patch constant function of a hull shader (not a library).
    pub entry_patch_constant: Option<Function>,
    /// The raw shader flags of the first entry (the module's flags).
    pub flags: u64,
}

/// The function a metadata operand names.
pub(crate) fn md_function(md: &Md) -> Option<Function> {
    match md {
        Md::Value {
            value: ValueRef::Function(f),
            ..
        } => Some(*f),
        _ => None,
    }
}

impl Entries {
    pub fn new(ctx: &Ctx) -> Entries {
        let sm_kind = util::module_shader_kind(ctx.md);
        let is_lib = sm_kind == ShaderKind::Library;
        let mut out = Entries {
            is_lib,
            entry: None,
            props: HashMap::new(),
            patch_constant: HashSet::new(),
            entry_patch_constant: None,
            flags: 0,
        };
        let entries = util::entry_records(ctx.md);
        if let Some(first) = entries.first() {
            out.flags = first.shader_flags();
        }
        // A shader has one entry, whose kind is the shader model's; a library lists its
        // entries after the module's own (the first, without a function).
        for e in util::loaded_entries(entries, is_lib) {
            let f = md_function(&e.function);
            let mut p = FnProps {
                kind: if is_lib {
                    util::lib_entry_default_kind(e)
                } else {
                    sm_kind
                },
                launch_type: 0,
                input_flags: Vec::new(),
                group_shared_limit: None,
            };
            let mut patch = None;
            for prop in util::entry_properties(e) {
                match prop {
                    Property::ShaderKind(k) if is_lib => p.kind = util::shader_kind_of_raw(*k),
                    Property::NodeLaunchType(t) => p.launch_type = *t,
                    Property::GroupSharedLimit(l) => p.group_shared_limit = Some(*l),
                    Property::NodeInputs(list) => {
                        p.input_flags = list.iter().map(util::node_io_flags).collect()
                    }
                    Property::HsState(hs) => patch = md_function(&hs.patch_constant_function),
                    _ => {}
                }
            }
            if p.kind == ShaderKind::Hull {
                if let Some(pc) = patch {
                    out.patch_constant.insert(pc);
                    if !is_lib {
                        out.entry_patch_constant = Some(pc);
                    }
                }
            }
            if let Some(f) = f {
                if !is_lib {
                    out.entry = Some(f);
                }
                out.props.insert(f, p);
            }
        }
        out
    }

    /// The properties of `f`, if it is an entry.
    pub fn of(&self, f: Function) -> Option<&FnProps> {
        self.props.get(&f)
    }

    /// The module uses min precision (`GetUseMinPrecision`): unless its flags ask for native
    /// low precision types.
    pub fn use_min_precision(&self) -> bool {
        self.flags == 0 || self.flags & (1 << bit::USE_NATIVE_LOW_PRECISION) == 0
    }

    /// Min precision values are present (`kEnableMinPrecision` of the global flags).
    pub fn min_precision_present(&self) -> bool {
        self.flags & (1 << bit::LOW_PRECISION_PRESENT) != 0
            && self.flags & (1 << bit::USE_NATIVE_LOW_PRECISION) == 0
    }
}
