//! Resource ranges as a shader declares them (LLVM's "DXIL Resource Handling", "Resource Type Information and
//! Properties"; DXIL.rst "Shader Resources"): class, kind, element type or stride, binding,
//! and the UAV flags. A [`ResourceDesc`] becomes one record of `dx.resources` and fixes what
//! the handle-creation ops receive.

use dxil_module::model::ResourceClass;
use dxil_parts::names::{ComponentType, ResourceKind};

use crate::annotation::StructType;

/// Where a range is bound: register space, first register and count
/// (DXIL.rst "Shader Resources": space, lower bound, range size).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Binding {
    /// Register space.
    pub space: u32,
    /// First register.
    pub lower_bound: u32,
    /// Registers in the range; `u32::MAX` for an unbounded array.
    pub range_size: u32,
}

impl Default for Binding {
    fn default() -> Self {
        Binding {
            space: 0,
            lower_bound: 0,
            range_size: 1,
        }
    }
}

impl Binding {
    /// The last register of the range (`u32::MAX` for an unbounded one), as
    /// `%dx.types.ResBind` holds it.
    pub fn upper_bound(&self) -> u32 {
        if self.range_size == u32::MAX {
            u32::MAX
        } else {
            self.lower_bound
                .saturating_add(self.range_size.saturating_sub(1))
        }
    }
}

/// What a resource's elements are (LLVM's "DXIL Resource Handling", "Type information").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Element {
    /// Typed buffers and textures: a component type and 1 to 4 components.
    Typed(ComponentType, u8),
    /// Structured buffers: the element stride in bytes.
    Structured(u32),
    /// Byte-address buffers and acceleration structures.
    Raw,
    /// Constant buffers: the size in bytes.
    CBuffer(u32),
    /// Samplers: whether it is a comparison sampler.
    Sampler(bool),
    /// Sampler feedback textures: the feedback type (0 `MinMip`, 1 `MipRegionUsed`).
    Feedback(u32),
}

/// One resource range of a shader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceDesc {
    /// The name reflection shows (may be empty).
    pub name: String,
    /// SRV, UAV, CBV or sampler.
    pub class: ResourceClass,
    /// Shape.
    pub kind: ResourceKind,
    /// Element description.
    pub element: Element,
    /// Binding.
    pub binding: Binding,
    /// Multisampled textures: sample count (0 when not given).
    pub sample_count: u32,
    /// UAV: `globallycoherent`.
    pub globally_coherent: bool,
    /// UAV: has a hidden counter (`IncrementCounter`/`Append`).
    pub has_counter: bool,
    /// UAV: rasterizer ordered.
    pub rasterizer_ordered: bool,
    /// UAV: the target of 64-bit atomic operations (DXIL.rst "Resource properties",
    /// extended tag 3, which PSV0's `UsedByAtomic64` flag reflects).
    pub atomic64_use: bool,
    /// The typed resource's elements are 64-bit values, each stored as two 32-bit
    /// components (DXC's typed resources of `uint64_t`, `int64_t`, `double`: `U32`
    /// components, an `i64` in the symbol's struct).
    pub wide: bool,
    /// Constant buffers: the struct that describes the members (the record's type, which
    /// reflection reads the members from); without it the buffer is bytes.
    pub layout: Option<StructType>,
}

impl ResourceDesc {
    fn new(name: &str, class: ResourceClass, kind: ResourceKind, element: Element) -> Self {
        ResourceDesc {
            name: name.to_string(),
            class,
            kind,
            element,
            binding: Binding::default(),
            sample_count: 0,
            globally_coherent: false,
            has_counter: false,
            rasterizer_ordered: false,
            atomic64_use: false,
            wide: false,
            layout: None,
        }
    }

    /// `StructuredBuffer<T>` with `stride`-byte elements.
    pub fn structured_buffer(name: &str, stride: u32) -> Self {
        Self::new(
            name,
            ResourceClass::SRV,
            ResourceKind::StructuredBuffer,
            Element::Structured(stride),
        )
    }

    /// `RWStructuredBuffer<T>` with `stride`-byte elements.
    pub fn rw_structured_buffer(name: &str, stride: u32) -> Self {
        Self::new(
            name,
            ResourceClass::UAV,
            ResourceKind::StructuredBuffer,
            Element::Structured(stride),
        )
    }

    /// `ByteAddressBuffer`.
    pub fn byte_address_buffer(name: &str) -> Self {
        Self::new(
            name,
            ResourceClass::SRV,
            ResourceKind::RawBuffer,
            Element::Raw,
        )
    }

    /// `RWByteAddressBuffer`.
    pub fn rw_byte_address_buffer(name: &str) -> Self {
        Self::new(
            name,
            ResourceClass::UAV,
            ResourceKind::RawBuffer,
            Element::Raw,
        )
    }

    /// `Buffer<T>` of `components` components of type `ty`.
    pub fn typed_buffer(name: &str, ty: ComponentType, components: u8) -> Self {
        Self::new(
            name,
            ResourceClass::SRV,
            ResourceKind::TypedBuffer,
            Element::Typed(ty, components),
        )
    }

    /// `RWBuffer<T>`.
    pub fn rw_typed_buffer(name: &str, ty: ComponentType, components: u8) -> Self {
        Self::new(
            name,
            ResourceClass::UAV,
            ResourceKind::TypedBuffer,
            Element::Typed(ty, components),
        )
    }

    /// A read-only texture of shape `kind` (`Texture2D`, `TextureCube`, ...).
    pub fn texture(name: &str, kind: ResourceKind, ty: ComponentType, components: u8) -> Self {
        Self::new(
            name,
            ResourceClass::SRV,
            kind,
            Element::Typed(ty, components),
        )
    }

    /// A writable texture of shape `kind` (`RWTexture2D`, ...).
    pub fn rw_texture(name: &str, kind: ResourceKind, ty: ComponentType, components: u8) -> Self {
        Self::new(
            name,
            ResourceClass::UAV,
            kind,
            Element::Typed(ty, components),
        )
    }

    /// A sampler feedback texture (`FeedbackTexture2D` or `FeedbackTexture2DArray`, always a
    /// UAV) of feedback type `feedback` (0 `MinMip`, 1 `MipRegionUsed`).
    pub fn feedback_texture(name: &str, kind: ResourceKind, feedback: u32) -> Self {
        Self::new(name, ResourceClass::UAV, kind, Element::Feedback(feedback))
    }

    /// `RaytracingAccelerationStructure`.
    pub fn acceleration_structure(name: &str) -> Self {
        Self::new(
            name,
            ResourceClass::SRV,
            ResourceKind::RTAccelerationStructure,
            Element::Raw,
        )
    }

    /// A constant buffer of `size` bytes whose members are not described (reflection
    /// shows it as bytes); [`ResourceDesc::cbuffer_of`] describes them.
    pub fn cbuffer(name: &str, size: u32) -> Self {
        Self::new(
            name,
            ResourceClass::CBuffer,
            ResourceKind::CBuffer,
            Element::CBuffer(size),
        )
    }

    /// A constant buffer holding struct `layout` (declared with
    /// [`crate::ShaderBuilder::struct_type`]; its size is the buffer's): reflection lists
    /// its members with their types and offsets, as it does for the reference's buffers.
    pub fn cbuffer_of(name: &str, layout: StructType) -> Self {
        let mut desc = Self::cbuffer(name, layout.size());
        desc.layout = Some(layout);
        desc
    }

    /// `SamplerState` (`comparison`: `SamplerComparisonState`).
    pub fn sampler(name: &str, comparison: bool) -> Self {
        Self::new(
            name,
            ResourceClass::Sampler,
            ResourceKind::Sampler,
            Element::Sampler(comparison),
        )
    }

    /// Binds the range at `register` of `space`.
    pub fn at(mut self, space: u32, register: u32) -> Self {
        self.binding.space = space;
        self.binding.lower_bound = register;
        self
    }

    /// Makes the range an array of `count` resources (`u32::MAX`: unbounded).
    pub fn array(mut self, count: u32) -> Self {
        self.binding.range_size = count;
        self
    }

    /// Gives a UAV a hidden counter.
    pub fn with_counter(mut self) -> Self {
        self.has_counter = true;
        self
    }

    /// Marks a UAV `globallycoherent`.
    pub fn globally_coherent(mut self) -> Self {
        self.globally_coherent = true;
        self
    }

    /// Marks a UAV as the target of 64-bit atomic operations.
    pub fn used_by_atomic64(mut self) -> Self {
        self.atomic64_use = true;
        self
    }

    /// Marks a UAV rasterizer ordered.
    pub fn rasterizer_ordered(mut self) -> Self {
        self.rasterizer_ordered = true;
        self
    }

    /// The `ResourceClass` number handle-creation ops take (`i8` of `createHandle`, the
    /// class byte of `%dx.types.ResBind`): SRV 0, UAV 1, CBV 2, sampler 3.
    pub fn class_code(&self) -> u8 {
        match self.class {
            ResourceClass::SRV => 0,
            ResourceClass::UAV => 1,
            ResourceClass::CBuffer => 2,
            ResourceClass::Sampler => 3,
        }
    }

    /// The registers the range takes, as HLSL spells them: `t3`, `u0-u7`, `s2-` (unbounded).
    pub fn registers(&self) -> String {
        let letter = match self.class {
            ResourceClass::SRV => 't',
            ResourceClass::UAV => 'u',
            ResourceClass::CBuffer => 'b',
            ResourceClass::Sampler => 's',
        };
        let b = &self.binding;
        match b.range_size {
            1 => format!("{letter}{}", b.lower_bound),
            u32::MAX => format!("{letter}{}-", b.lower_bound),
            _ => format!("{letter}{}-{letter}{}", b.lower_bound, b.upper_bound()),
        }
    }

    /// The two words of `%dx.types.ResourceProperties` that `annotateHandle` takes (DXIL.rst
    /// "Resource properties"): word 0 holds the kind (bits 0-7), UAV (12), ROV (13),
    /// globally coherent (14), comparison sampler or counter (15); word 1 the component type
    /// (bits 0-7) and count (8-15), the structure stride, or the constant buffer size.
    pub fn properties_words(&self) -> (u32, u32) {
        let mut w0 = self.kind.raw() & 0xff;
        if self.class == ResourceClass::UAV {
            w0 |= 1 << 12;
            if self.rasterizer_ordered {
                w0 |= 1 << 13;
            }
            if self.globally_coherent {
                w0 |= 1 << 14;
            }
            if self.has_counter {
                w0 |= 1 << 15;
            }
        }
        let w1 = match self.element {
            Element::Typed(ty, n) => ty.raw() | (u32::from(n) << 8),
            Element::Structured(stride) => stride,
            Element::CBuffer(size) => size,
            Element::Sampler(cmp) => {
                if cmp {
                    w0 |= 1 << 15;
                }
                0
            }
            Element::Feedback(kind) => kind,
            Element::Raw => 0,
        };
        (w0, w1)
    }

    /// Checks that the description is one DXIL can express; the error names the resource
    /// and the field.
    pub fn check(&self) -> Result<(), ResourceError> {
        let fail = |fault| {
            Err(ResourceError {
                name: self.name.clone(),
                fault,
            })
        };
        let class_ok = match self.class {
            ResourceClass::CBuffer => matches!(self.element, Element::CBuffer(_)),
            ResourceClass::Sampler => matches!(self.element, Element::Sampler(_)),
            ResourceClass::SRV | ResourceClass::UAV => matches!(
                (self.kind, self.element),
                (ResourceKind::StructuredBuffer, Element::Structured(_))
                    | (ResourceKind::RawBuffer, Element::Raw)
                    | (ResourceKind::RTAccelerationStructure, Element::Raw)
                    | (
                        ResourceKind::FeedbackTexture2D | ResourceKind::FeedbackTexture2DArray,
                        Element::Feedback(0..=1)
                    )
                    | (
                        ResourceKind::TypedBuffer
                            | ResourceKind::Texture1D
                            | ResourceKind::Texture2D
                            | ResourceKind::Texture2DMS
                            | ResourceKind::Texture3D
                            | ResourceKind::TextureCube
                            | ResourceKind::Texture1DArray
                            | ResourceKind::Texture2DArray
                            | ResourceKind::Texture2DMSArray
                            | ResourceKind::TextureCubeArray,
                        Element::Typed(_, 1..=4)
                    )
            ),
        };
        if !class_ok {
            return fail(ResourceFault::ElementMismatch {
                kind: self.kind,
                element: self.element,
                class: self.class,
            });
        }
        if self.class == ResourceClass::UAV
            && matches!(
                self.kind,
                ResourceKind::TextureCube
                    | ResourceKind::TextureCubeArray
                    | ResourceKind::RTAccelerationStructure
            )
        {
            return fail(ResourceFault::NotAUav { kind: self.kind });
        }
        if self.class != ResourceClass::UAV
            && (self.has_counter || self.globally_coherent || self.rasterizer_ordered)
        {
            return fail(ResourceFault::UavPropertyOutsideUav);
        }
        if self.binding.range_size == 0 {
            return fail(ResourceFault::EmptyRange);
        }
        match (self.layout, self.element) {
            (None, _) => {}
            (Some(l), Element::CBuffer(size)) if l.size() == size => {}
            (Some(l), _) => return fail(ResourceFault::LayoutOutsideCBuffer { size: l.size() }),
        }
        if let Element::Structured(0) = self.element {
            return fail(ResourceFault::ZeroStride);
        }
        Ok(())
    }
}

/// A resource description DXIL cannot express ([`ResourceDesc::check`]): the resource and
/// what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("resource `{name}`: {fault}")]
pub struct ResourceError {
    /// The resource's name (may be empty).
    pub name: String,
    /// What is wrong.
    pub fault: ResourceFault,
}

/// What makes a [`ResourceDesc`] one DXIL cannot express.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResourceFault {
    /// The element description does not fit the kind in the class (a structured buffer
    /// with a typed element, a constant buffer without a size, ...).
    #[error("kind {} does not take element {element:?} in class {class:?}", .kind.name())]
    ElementMismatch {
        /// The resource kind.
        kind: ResourceKind,
        /// The element description given.
        element: Element,
        /// The resource class.
        class: ResourceClass,
    },
    /// A kind that is never a UAV (cube textures, acceleration structures).
    #[error("{} cannot be a UAV", .kind.name())]
    NotAUav {
        /// The resource kind.
        kind: ResourceKind,
    },
    /// A counter, `globallycoherent` or rasterizer ordering on a resource that is not a UAV.
    #[error("counters, globallycoherent and rasterizer ordering are UAV properties")]
    UavPropertyOutsideUav,
    /// A range of no registers.
    #[error("range size 0")]
    EmptyRange,
    /// A struct layout on something other than a constant buffer of the struct's size.
    #[error("a struct of {size} bytes describes constant buffers of its size only")]
    LayoutOutsideCBuffer {
        /// The struct's size in bytes.
        size: u32,
    },
    /// A structured buffer whose stride is 0.
    #[error("structure stride 0")]
    ZeroStride,
}

impl From<ResourceError> for crate::Error {
    fn from(e: ResourceError) -> Self {
        crate::Error::new(crate::ErrorKind::Resource, e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault(desc: &ResourceDesc) -> ResourceFault {
        desc.check().unwrap_err().fault
    }

    #[test]
    fn check_names_the_fault_and_the_resource() {
        assert_eq!(ResourceDesc::structured_buffer("ok", 4).check(), Ok(()));
        let cube = ResourceDesc::rw_texture("c", ResourceKind::TextureCube, ComponentType::F32, 4);
        assert_eq!(
            fault(&cube),
            ResourceFault::NotAUav {
                kind: ResourceKind::TextureCube
            }
        );
        assert_eq!(
            cube.check().unwrap_err().to_string(),
            "resource `c`: TextureCube cannot be a UAV"
        );
        let zero = ResourceDesc::structured_buffer("s", 0);
        assert_eq!(fault(&zero), ResourceFault::ZeroStride);
        assert_eq!(
            zero.check().unwrap_err().to_string(),
            "resource `s`: structure stride 0"
        );
        let mut empty = ResourceDesc::byte_address_buffer("b");
        empty.binding.range_size = 0;
        assert_eq!(fault(&empty), ResourceFault::EmptyRange);
        let mut counted = ResourceDesc::structured_buffer("t", 4);
        counted.has_counter = true;
        assert_eq!(fault(&counted), ResourceFault::UavPropertyOutsideUav);
        let mut mixed = ResourceDesc::structured_buffer("m", 4);
        mixed.element = Element::Raw;
        assert!(matches!(
            fault(&mixed),
            ResourceFault::ElementMismatch {
                kind: ResourceKind::StructuredBuffer,
                element: Element::Raw,
                ..
            }
        ));
        // The builder's own error keeps the text and says the kind.
        let err: crate::Error = zero.check().unwrap_err().into();
        assert_eq!(err.kind(), crate::ErrorKind::Resource);
        assert_eq!(err.message(), "resource `s`: structure stride 0");
    }
}
