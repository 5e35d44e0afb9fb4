//! The resources a module declares (`dx.resources`, DXIL.rst "Shader Resources"), in the
//! executor's terms: the register class, the view, the registers of each range. `dxil run`
//! binds files to them, the fuzz targets and tests bind filler memory to every one of them.

use dxil_module::model::Resource as Record;
use dxil_module::DxilMetadata;

use crate::resource::{
    has_view, Binding, Bindings, Dims, ElementFormat, Resource, ResourceClass, ResourceKind,
    SamplerDesc,
};

/// One resource range a module declares (a record of `dx.resources`), in the executor's
/// terms. [`DeclaredResource::all`] lists them; [`DeclaredResource::at`] finds the one
/// holding a register; [`Bindings::from_module`] binds memory to every one.
#[derive(Clone, Copy, Debug)]
pub struct DeclaredResource<'m> {
    /// The register class (the record's list).
    pub class: ResourceClass,
    /// The DXIL resource kind (`None`: a shape this reader does not know).
    pub kind: Option<ResourceKind>,
    /// The kind, when the executor has a view of it (`None`: see [`has_view`]).
    pub view: Option<ResourceKind>,
    /// The record itself: element type, size, counter, symbol.
    pub record: &'m Record,
}

impl<'m> DeclaredResource<'m> {
    fn new(record: &'m Record) -> Self {
        let kind = record.kind();
        DeclaredResource {
            class: record.class,
            kind,
            view: kind.filter(|&k| has_view(k)),
            record,
        }
    }

    /// Every resource range `meta` declares, in the order the reference lists bindings
    /// (constant buffers, samplers, SRVs, UAVs).
    pub fn all(meta: &'m DxilMetadata) -> impl Iterator<Item = DeclaredResource<'m>> {
        meta.resources
            .iter()
            .flat_map(|l| l.in_binding_order())
            .map(|(_, r)| DeclaredResource::new(r))
    }

    /// The range of `class` in `space` that holds `register`, if `meta` declares one.
    pub fn at(
        meta: &'m DxilMetadata,
        class: ResourceClass,
        space: u32,
        register: u32,
    ) -> Option<DeclaredResource<'m>> {
        DeclaredResource::all(meta).find(|d| d.class == class && d.holds(space, register))
    }

    /// The register space.
    pub fn space(&self) -> u32 {
        self.record.base.space
    }

    /// Whether the range holds `register` of `space` (an unbounded range holds every
    /// register from its lower bound on).
    pub fn holds(&self, space: u32, register: u32) -> bool {
        let b = &self.record.base;
        b.space == space
            && register >= b.lower_bound
            && (b.range_size == u32::MAX || register - b.lower_bound < b.range_size)
    }

    /// The range's first `at_most` registers (fewer when the range is smaller or reaches
    /// past `u32::MAX`).
    pub fn registers(&self, at_most: u32) -> impl Iterator<Item = u32> {
        let b = &self.record.base;
        let lower = b.lower_bound;
        (0..b.range_size.min(at_most)).map_while(move |i| lower.checked_add(i))
    }

    /// A resource of this range's view over `data`: a structured buffer's stride from the
    /// record (a word when it states none), a counter (starting at 0) when the record says
    /// the UAV has one. Typed views still need [`Resource::format`], textures
    /// [`Resource::dims`], samplers [`Resource::sampler`]. `None` when there is no view.
    pub fn resource(&self, data: Vec<u8>) -> Option<Resource> {
        let mut r = Resource::buffer(self.view?, data);
        if r.view == ResourceKind::StructuredBuffer {
            r.stride = self.record.element_stride().unwrap_or(4);
        }
        if self.record.has_counter {
            r.counter = Some(0);
        }
        Some(r)
    }

    /// A stand-in any view of this range can use, for harnesses that only need every
    /// declared register to hold something: [`DeclaredResource::resource`] over `data`
    /// with the element `format`, a `width` by `height` texture (one slice, mip and sample)
    /// and the default sampler. `None` when there is no view.
    pub fn stand_in(
        &self,
        data: Vec<u8>,
        format: ElementFormat,
        [width, height]: [u32; 2],
    ) -> Option<Resource> {
        let mut r = self.resource(data)?;
        r.format = Some(format);
        r.dims = Dims::plane(width, height);
        r.sampler = Some(SamplerDesc::default());
        Some(r)
    }

    /// The element format of a typed buffer or texture: the record's component type, the
    /// channels of its element's vector type in `module` (one for a scalar). `None` for
    /// other views, or a component type the executor has no memory format for.
    pub fn element_format(&self, module: &dxil_ir::Module) -> Option<ElementFormat> {
        let component = crate::resource::ComponentFormat::of_type(self.record.element_type()?)?;
        Some(ElementFormat {
            component,
            channels: self.channels(module)?,
        })
    }

    /// The channels of the element of a typed view: its vector type's length in `module`
    /// (1 to 4), 1 for a scalar, `None` when the record names no element type.
    pub fn channels(&self, module: &dxil_ir::Module) -> Option<u8> {
        let ty = self.record.element_ir_type(module)?;
        match module.ty(ty)? {
            dxil_ir::TypeData::Vector { len, .. } => {
                u8::try_from(*len).ok().filter(|c| (1..=4).contains(c))
            }
            _ => Some(1),
        }
    }

    /// `resource` bound at `register` of this range (not placed in a descriptor heap).
    pub fn binding(&self, register: u32, resource: Resource) -> Binding {
        Binding {
            class: self.class,
            space: self.space(),
            register,
            heap_index: None,
            resource,
        }
    }
}

impl Bindings {
    /// Binds memory to the resources `meta` declares: for each range (in
    /// [`DeclaredResource::all`]'s order), its first `per_range` registers, each to the
    /// resource `fill` gives for the range and the register (`None` leaves it unbound).
    /// Each binding is also placed in its descriptor heap, at the next free index (samplers
    /// in theirs), so that shaders indexing the heaps find them too.
    ///
    /// ```
    /// use dxil_exec::{Bindings, DeclaredResource};
    /// # fn check(meta: &dxil_module::DxilMetadata) {
    /// // Every declared view over 64 zeroed bytes, at most four registers per range.
    /// let b = Bindings::from_module(meta, 4, |d: &DeclaredResource, _register| {
    ///     d.resource(vec![0; 64])
    /// });
    /// # }
    /// ```
    pub fn from_module(
        meta: &DxilMetadata,
        per_range: u32,
        mut fill: impl FnMut(&DeclaredResource, u32) -> Option<Resource>,
    ) -> Bindings {
        let mut bindings = Bindings::default();
        let mut next = [0u32; 2];
        for d in DeclaredResource::all(meta) {
            for register in d.registers(per_range) {
                let Some(resource) = fill(&d, register) else {
                    continue;
                };
                let heap = &mut next[usize::from(d.class == ResourceClass::Sampler)];
                let mut b = d.binding(register, resource);
                b.heap_index = Some(*heap);
                *heap = heap.saturating_add(1);
                bindings.bindings.push(b);
            }
        }
        bindings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `samples/textured.ll`: `Texture2D Albedo : t0`, `cbuffer Material : b0` (16 bytes),
    /// `SamplerState Linear : s0`.
    fn textured() -> DxilMetadata {
        let text = include_str!("../../../samples/textured.ll");
        let m = dxil::parse_text(text, "textured.ll").expect("samples/textured.ll parses");
        DxilMetadata::read(&m).expect("its metadata reads")
    }

    #[test]
    fn declared_resources_in_binding_order() {
        let meta = textured();
        let seen: Vec<_> = DeclaredResource::all(&meta)
            .map(|d| {
                (
                    d.class,
                    d.view,
                    d.space(),
                    d.registers(4).collect::<Vec<_>>(),
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                (
                    ResourceClass::CBuffer,
                    Some(ResourceKind::CBuffer),
                    0,
                    vec![0]
                ),
                (
                    ResourceClass::Sampler,
                    Some(ResourceKind::Sampler),
                    0,
                    vec![0]
                ),
                (
                    ResourceClass::SRV,
                    Some(ResourceKind::Texture2D),
                    0,
                    vec![0]
                ),
            ]
        );
        let t0 = DeclaredResource::at(&meta, ResourceClass::SRV, 0, 0).expect("t0");
        assert_eq!(t0.record.base.name, "Albedo");
        assert!(DeclaredResource::at(&meta, ResourceClass::SRV, 0, 1).is_none());
        assert!(DeclaredResource::at(&meta, ResourceClass::SRV, 1, 0).is_none());
        assert!(DeclaredResource::at(&meta, ResourceClass::UAV, 0, 0).is_none());
    }

    #[test]
    fn from_module_binds_every_register_and_places_it_in_its_heap() {
        let meta = textured();
        let b = Bindings::from_module(&meta, 4, |d, _| {
            // The texture left unbound: the others are bound and numbered in their heaps.
            (d.class != ResourceClass::SRV)
                .then(|| d.resource(vec![7; 16]))
                .flatten()
        });
        let got: Vec<_> = b
            .bindings
            .iter()
            .map(|b| (b.class, b.register, b.heap_index, b.resource.view))
            .collect();
        assert_eq!(
            got,
            [
                (ResourceClass::CBuffer, 0, Some(0), ResourceKind::CBuffer),
                (ResourceClass::Sampler, 0, Some(0), ResourceKind::Sampler),
            ]
        );
        assert_eq!(b.bindings[0].resource.data, vec![7; 16]);
    }

    #[test]
    fn ranges_reaching_past_the_last_register_stop_there() {
        let mut meta = textured();
        let lists = meta.resources.as_mut().expect("dx.resources");
        let srv = &mut lists.srvs.as_mut().expect("SRVs")[0];
        srv.base.lower_bound = u32::MAX - 1;
        srv.base.range_size = u32::MAX;
        let t = DeclaredResource::at(&meta, ResourceClass::SRV, 0, u32::MAX).expect("held");
        assert_eq!(t.registers(8).collect::<Vec<_>>(), [u32::MAX - 1, u32::MAX]);
        assert!(!t.holds(0, u32::MAX - 2));
    }
}
