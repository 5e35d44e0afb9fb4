//! Resource records (DXIL.rst "Shader Resources"): `dx.resources` and an entry's resource
//! field, `!{SRVs, UAVs, CBVs, samplers}` with one record per resource range.

use crate::error::{ErrorKind, Result};
use crate::fields::Fields;
use crate::md::Md;
pub use dxil_parts::names::ResourceClass;
use dxil_parts::names::{ComponentType, ResourceKind};

/// Fields every record starts with: `i32 id, symbol, !"name", i32 space, i32 lower bound,
/// i32 range size`.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceBase {
    /// Unique id within the class.
    pub id: u32,
    /// The variable: a global or `undef` of the resource's pointer type (kept as read).
    pub symbol: Md,
    /// Name (empty when reflection was stripped).
    pub name: String,
    /// Register space.
    pub space: u32,
    /// Lower bound register.
    pub lower_bound: u32,
    /// Range size (`u32::MAX`: unbounded).
    pub range_size: u32,
}

/// Extended resource property (tag/value list).
#[derive(Clone, Debug, PartialEq)]
pub enum ResourceProperty {
    /// Tag 0 (SRV/UAV): the element `ComponentType` of typed resources.
    ElementType(u32),
    /// Tag 1: structured buffer element stride.
    ElementStride(u32),
    /// Tag 2: sampler feedback kind.
    SamplerFeedbackKind(u32),
    /// Tag 3: 64-bit atomics are used (an `i32`).
    Atomic64Use(bool),
    /// Tag 4: reorder-coherent UAV.
    ReorderCoherent(bool),
    /// A tag this model does not know (or any tag of a CBV/sampler), kept as read.
    Other(u32, Md),
}

/// One resource record.
#[derive(Clone, Debug, PartialEq)]
pub struct Resource {
    /// Class.
    pub class: ResourceClass,
    /// Shared fields.
    pub base: ResourceBase,
    /// SRV/UAV: shape (`ResourceKind`); CBV: size in bytes; sampler: sampler type.
    pub shape_or_size: u32,
    /// SRV: sample count.
    pub sample_count: u32,
    /// UAV: globally coherent.
    pub globally_coherent: bool,
    /// UAV: has a counter.
    pub has_counter: bool,
    /// UAV: rasterizer ordered.
    pub rasterizer_ordered: bool,
    /// The name/value list (`None`: `null`).
    pub properties: Option<Vec<ResourceProperty>>,
}

impl Resource {
    /// The resource kind (CBVs and samplers: `CBuffer`, `Sampler`).
    pub fn kind(&self) -> Option<ResourceKind> {
        match self.class {
            ResourceClass::CBuffer => Some(ResourceKind::CBuffer),
            ResourceClass::Sampler => Some(ResourceKind::Sampler),
            _ => ResourceKind::from_raw(self.shape_or_size),
        }
    }
    /// The element component type of a typed SRV/UAV (tag 0).
    pub fn element_type(&self) -> Option<ComponentType> {
        self.properties.iter().flatten().find_map(|p| match p {
            ResourceProperty::ElementType(t) => ComponentType::from_raw(*t),
            _ => None,
        })
    }
    /// The structured buffer stride (tag 1).
    pub fn element_stride(&self) -> Option<u32> {
        self.properties.iter().flatten().find_map(|p| match p {
            ResourceProperty::ElementStride(t) => Some(*t),
            _ => None,
        })
    }

    /// The struct type the record's symbol points to, resource arrays looked through
    /// (`%"class.RWBuffer<vector<float, 4> >"`, `%"class.StructuredBuffer<S>"`); `None` when
    /// the symbol is not a pointer to one.
    pub fn symbol_struct_type(&self, m: &dxil_ir::Module) -> Option<dxil_ir::Type> {
        use dxil_ir::TypeData;
        let Md::Value { ty, .. } = &self.base.symbol else {
            return None;
        };
        let TypeData::Pointer { pointee, .. } = m.ty(*ty)? else {
            return None;
        };
        let mut t = *pointee;
        // Resource arrays (a few deep in practice; the bound keeps hostile input from
        // looping).
        for _ in 0..8 {
            match m.ty(t)? {
                TypeData::Array { elem, .. } => t = *elem,
                _ => break,
            }
        }
        matches!(m.ty(t)?, TypeData::Struct(_)).then_some(t)
    }

    /// The IR type of one element: the first field of [`Resource::symbol_struct_type`]
    /// (`<4 x float>` for `RWBuffer<float4>`, `%struct.S` for `StructuredBuffer<S>`).
    pub fn element_ir_type(&self, m: &dxil_ir::Module) -> Option<dxil_ir::Type> {
        match m.ty(self.symbol_struct_type(m)?)? {
            dxil_ir::TypeData::Struct(st) => st.elems.first().copied(),
            _ => None,
        }
    }

    fn fields(class: ResourceClass) -> (usize, &'static str) {
        match class {
            ResourceClass::SRV => (9, "SRV record"),
            ResourceClass::UAV => (11, "UAV record"),
            ResourceClass::CBuffer => (8, "CBV record"),
            ResourceClass::Sampler => (8, "sampler record"),
        }
    }

    pub(crate) fn read(md: &Md, class: ResourceClass) -> Result<Self> {
        let (n, record) = Self::fields(class);
        let f = Fields::of(md, record)?;
        f.expect_len(n, false, record)?;
        let base = ResourceBase {
            id: f.u32(0, "resource.id")?,
            symbol: f.get(1, "resource.variable")?.clone(),
            name: f.string(2, "resource.name")?,
            space: f.u32(3, "resource.space")?,
            lower_bound: f.u32(4, "resource.lower bound")?,
            range_size: f.u32(5, "resource.range size")?,
        };
        let properties = match f.opt_node(n - 1, "resource.properties")? {
            None => None,
            Some(p) => {
                let typed = matches!(class, ResourceClass::SRV | ResourceClass::UAV);
                let mut out = Vec::new();
                for (tag, i) in p.tag_pairs("resource.properties")? {
                    out.push(match tag {
                        0 if typed => {
                            ResourceProperty::ElementType(p.u32(i, "resource.element type")?)
                        }
                        1 if typed => {
                            ResourceProperty::ElementStride(p.u32(i, "resource.element stride")?)
                        }
                        2 if typed => ResourceProperty::SamplerFeedbackKind(
                            p.u32(i, "resource.sampler feedback kind")?,
                        ),
                        3 if typed => {
                            ResourceProperty::Atomic64Use(p.bool(i, "resource.atomic64 use")?)
                        }
                        4 if typed => ResourceProperty::ReorderCoherent(
                            p.bool(i, "resource.reorder coherent")?,
                        ),
                        t => ResourceProperty::Other(t, p.get(i, "resource.property")?.clone()),
                    });
                }
                Some(out)
            }
        };
        let mut r = Resource {
            class,
            base,
            shape_or_size: f.u32(6, "resource.shape/size/type")?,
            sample_count: 0,
            globally_coherent: false,
            has_counter: false,
            rasterizer_ordered: false,
            properties,
        };
        match class {
            ResourceClass::SRV => r.sample_count = f.u32(7, "SRV.sample count")?,
            ResourceClass::UAV => {
                r.globally_coherent = f.bool(7, "UAV.globally coherent")?;
                r.has_counter = f.bool(8, "UAV.counter")?;
                r.rasterizer_ordered = f.bool(9, "UAV.rasterizer ordered")?;
            }
            _ => {}
        }
        Ok(r)
    }

    pub(crate) fn write(&self) -> Md {
        let b = &self.base;
        let mut ops = vec![
            Md::i32(b.id),
            b.symbol.clone(),
            Md::string(&b.name),
            Md::i32(b.space),
            Md::i32(b.lower_bound),
            Md::i32(b.range_size),
            Md::i32(self.shape_or_size),
        ];
        match self.class {
            ResourceClass::SRV => ops.push(Md::i32(self.sample_count)),
            ResourceClass::UAV => {
                ops.push(Md::i1(self.globally_coherent));
                ops.push(Md::i1(self.has_counter));
                ops.push(Md::i1(self.rasterizer_ordered));
            }
            _ => {}
        }
        ops.push(match &self.properties {
            None => Md::Null,
            Some(list) => {
                let mut p = Vec::new();
                for prop in list {
                    let (tag, v) = match prop {
                        ResourceProperty::ElementType(v) => (0, Md::i32(*v)),
                        ResourceProperty::ElementStride(v) => (1, Md::i32(*v)),
                        ResourceProperty::SamplerFeedbackKind(v) => (2, Md::i32(*v)),
                        ResourceProperty::Atomic64Use(v) => (3, Md::i32(u32::from(*v))),
                        ResourceProperty::ReorderCoherent(v) => (4, Md::i1(*v)),
                        ResourceProperty::Other(t, v) => (*t, v.clone()),
                    };
                    p.push(Md::i32(tag));
                    p.push(v);
                }
                Md::node(p)
            }
        });
        Md::node(ops)
    }
}

/// `!{SRVs, UAVs, CBVs, samplers}` (`None`: `null` list).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ResourceLists {
    /// SRVs.
    pub srvs: Option<Vec<Resource>>,
    /// UAVs.
    pub uavs: Option<Vec<Resource>>,
    /// Constant buffers.
    pub cbuffers: Option<Vec<Resource>>,
    /// Samplers.
    pub samplers: Option<Vec<Resource>>,
}

impl ResourceLists {
    fn lists(&self) -> [&Option<Vec<Resource>>; 4] {
        [&self.srvs, &self.uavs, &self.cbuffers, &self.samplers]
    }

    /// Every record: SRVs, UAVs, CBVs, samplers.
    pub fn all(&self) -> impl Iterator<Item = &Resource> {
        self.lists().into_iter().flatten().flatten()
    }

    /// Every record, mutable.
    pub fn all_mut(&mut self) -> impl Iterator<Item = &mut Resource> {
        [
            &mut self.srvs,
            &mut self.uavs,
            &mut self.cbuffers,
            &mut self.samplers,
        ]
        .into_iter()
        .flatten()
        .flatten()
    }

    /// Every record with its class, in [`ResourceClass::BINDING_ORDER`].
    pub fn in_binding_order(&self) -> impl Iterator<Item = (ResourceClass, &Resource)> {
        ResourceClass::BINDING_ORDER
            .into_iter()
            .flat_map(move |class| self.of(class).iter().map(move |r| (class, r)))
    }

    /// The records of one class.
    pub fn of(&self, class: ResourceClass) -> &[Resource] {
        let l = match class {
            ResourceClass::SRV => &self.srvs,
            ResourceClass::UAV => &self.uavs,
            ResourceClass::CBuffer => &self.cbuffers,
            ResourceClass::Sampler => &self.samplers,
        };
        l.as_deref().unwrap_or(&[])
    }

    pub(crate) fn read(md: &Md) -> Result<Option<Self>> {
        let Some(f) = Fields::opt(md, "resources")? else {
            return Ok(None);
        };
        if f.len() != 4 {
            return Err(f.err(
                ErrorKind::Expected("4 resource lists"),
                "resources",
                f.len(),
            ));
        }
        let mut out = ResourceLists::default();
        for (i, class) in ResourceClass::ALL.into_iter().enumerate() {
            let list = match f.opt_node(i, "resources.list")? {
                None => None,
                Some(l) => Some(
                    l.ops
                        .iter()
                        .map(|r| Resource::read(r, class))
                        .collect::<Result<Vec<_>>>()?,
                ),
            };
            match class {
                ResourceClass::SRV => out.srvs = list,
                ResourceClass::UAV => out.uavs = list,
                ResourceClass::CBuffer => out.cbuffers = list,
                ResourceClass::Sampler => out.samplers = list,
            }
        }
        Ok(Some(out))
    }

    pub(crate) fn write(&self) -> Md {
        Md::node(
            self.lists()
                .into_iter()
                .map(|l| match l {
                    None => Md::Null,
                    Some(l) => Md::node(l.iter().map(Resource::write).collect()),
                })
                .collect(),
        )
    }
}
