//! [`Source`]: the module facts the part writers need, gathered once from a module's DXIL
//! metadata (DXIL.rst "Metadata", "Entry points", "Shader Properties and Capabilities").

use std::borrow::Cow;

use dxil_container::ShaderKind;
use dxil_ir::Module;
use dxil_module::model::{EntryPoint, Property, ResourceLists, SignatureElement};
use dxil_module::DxilMetadata;

use crate::error::{ErrorKind, Result};
use crate::flags::RawFlags;
use crate::signature::ValVer;
use crate::sigpoint::SignatureKind;

/// A module with its parsed DXIL metadata.
#[derive(Debug)]
pub struct Source<'m> {
    /// The IR module.
    pub module: &'m Module,
    /// Its DXIL metadata (read by [`Source::new`], or borrowed from a caller that has it).
    pub meta: Cow<'m, DxilMetadata>,
    /// The shader kind from `dx.shaderModel`.
    pub kind: ShaderKind,
    /// The shader flags the parts are written from: recomputed from the module for
    /// non-library shaders ([`crate::compute_flags::compute_flags`]), the recorded
    /// module flags for libraries.
    pub flags: RawFlags,
}

static NO_ELEMENTS: Vec<SignatureElement> = Vec::new();

impl<'m> Source<'m> {
    /// Reads the DXIL metadata of `module`.
    pub fn new(module: &'m Module) -> Result<Self> {
        Self::from_metadata(module, DxilMetadata::read(module)?)
    }

    /// [`Source::new`] with the metadata already read.
    pub fn from_metadata(module: &'m Module, meta: DxilMetadata) -> Result<Self> {
        Self::recomputed(Self::with_recorded_flags(module, meta)?)
    }

    /// [`Source::from_metadata`] with metadata the caller keeps (a model it is about to
    /// write, say).
    pub fn from_borrowed_metadata(module: &'m Module, meta: &'m DxilMetadata) -> Result<Self> {
        Self::recomputed(Self::with_meta(module, Cow::Borrowed(meta))?)
    }

    /// `src` with the flags recomputed, for non-library shaders.
    fn recomputed(mut src: Self) -> Result<Self> {
        if src.kind != ShaderKind::Library {
            src.flags = crate::compute_flags::compute_flags(&src, src.flags);
        }
        Ok(src)
    }

    /// A source whose parts are written from the shader flags the module records rather
    /// than recomputed ones: what the reference validator compares a container's parts with
    /// (its module keeps the declared flags; whether they match the module's contents is a
    /// rule of its own).
    pub fn with_recorded_flags(module: &'m Module, meta: DxilMetadata) -> Result<Self> {
        Self::with_meta(module, Cow::Owned(meta))
    }

    fn with_meta(module: &'m Module, meta: Cow<'m, DxilMetadata>) -> Result<Self> {
        let kind = meta
            .shader_kind()
            .ok_or(ErrorKind::Missing("dx.shaderModel"))?;
        let mut src = Source {
            module,
            meta,
            kind,
            flags: RawFlags(0),
        };
        src.flags = src.recorded_flags();
        Ok(src)
    }

    /// The validator version (`dx.valver`; 1.0 when absent) as a comparable key: major 0
    /// means the latest validator (validation disabled), so it compares above every
    /// numbered version.
    pub fn validator(&self) -> ValVer {
        let (major, minor) = self
            .meta
            .validator_version
            .map_or((1, 0), |v| (v.major, v.minor));
        if major == 0 {
            (u32::MAX, minor)
        } else {
            (major, minor)
        }
    }

    /// The DXIL version (`dx.version`; 1.0 when absent).
    pub fn dxil_version(&self) -> (u32, u32) {
        self.meta.version.map_or((1, 0), |v| (v.major, v.minor))
    }

    /// The shader model as `(major, minor)`.
    pub fn shader_model(&self) -> (u32, u32) {
        self.meta
            .shader_model
            .as_ref()
            .map_or((0, 0), |s| (s.major, s.minor))
    }

    /// The entry point of a non-library shader (the first `dx.entryPoints` record).
    pub fn entry(&self) -> Option<&EntryPoint> {
        self.meta.entry_points.as_ref()?.first()
    }

    /// The recorded shader flags of the entry (0 when absent).
    pub fn recorded_flags(&self) -> RawFlags {
        RawFlags(self.entry().map_or(0, EntryPoint::shader_flags))
    }

    /// The resources of the module as the reference loads them: the lists the first entry
    /// record names (a library's module entry), which `dx.resources` normally also names.
    pub fn resources(&self) -> Option<&ResourceLists> {
        self.entry()?.resources.as_ref()
    }

    /// The elements of one signature of the entry (empty when absent).
    pub fn signature(&self, sig: SignatureKind) -> &[SignatureElement] {
        let Some(s) = self.entry().and_then(|e| e.signatures.as_ref()) else {
            return &NO_ELEMENTS;
        };
        let list = match sig {
            SignatureKind::Input => &s.input,
            SignatureKind::Output => &s.output,
            SignatureKind::PatchConstOrPrim => &s.patch_constant,
        };
        list.as_deref().unwrap_or(&NO_ELEMENTS)
    }

    /// The entry's properties.
    pub fn properties(&self) -> &[Property] {
        self.entry()
            .and_then(|e| e.properties.as_deref())
            .unwrap_or(&[])
    }

    /// The tessellator domain of a hull or domain shader (0 otherwise).
    pub fn domain(&self) -> u32 {
        self.properties()
            .iter()
            .find_map(|p| match p {
                Property::HsState(s) if self.kind == ShaderKind::Hull => Some(s.domain),
                Property::DsState(s) if self.kind == ShaderKind::Domain => Some(s.domain),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// Bytes of group shared memory: the alloc size of every global in address space 3.
    pub fn group_shared_bytes(&self) -> Result<u32> {
        let dl = dxil_module::layout::DataLayout::of(self.module);
        let mut total: u64 = 0;
        for g in self.module.globals.iter().filter(|g| g.addrspace == 3) {
            let size = dl
                .type_alloc_size(self.module, g.value_ty)
                .ok_or(ErrorKind::OutOfRange("group shared variable type"))?;
            total = total.saturating_add(size);
        }
        u32::try_from(total).map_err(|_| ErrorKind::OutOfRange("group shared size").into())
    }
}
