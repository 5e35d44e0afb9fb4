//! Root signatures: the model, the RTS0 binary part, HLSL root signature text, the
//! `dx.rootsignatures` metadata form, and validation with the reference's rules.
//!
//! ```
//! use dxil_rootsig::{compile, binary, to_text, Version};
//! let rs = compile("RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT), CBV(b0)", Version::V1_1).unwrap();
//! let bytes = binary::write(&rs);
//! assert_eq!(binary::read(&bytes).unwrap(), rs);
//! assert_eq!(to_text(&rs).unwrap(), "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT), CBV(b0)");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod binary;
pub mod enums;
mod error;
pub mod metadata;
mod model;
pub mod text;
pub mod validate;

pub use enums::{
    AddressMode, BorderColor, ComparisonFunc, DescriptorFlags, Filter, RangeFlags, RangeType,
    RootFlags, SamplerFlags, ShaderVisibility,
};
pub use error::{Error, ErrorKind, Position, Result};
pub use model::{
    DescriptorRange, ParameterKind, RootConstants, RootDescriptor, RootParameter, RootSignature,
    StaticSampler, Version, FLOAT32_MAX, MAX_DWORDS, OFFSET_APPEND, UNBOUNDED,
};
pub use text::{parse, to_text, TextForm};
pub use validate::{
    validate, validate_with_shader, Element, Incompatible, RootDescriptorUse, ShaderBinding,
    Violation,
};

/// Parses and validates root signature text as the reference compiler does for
/// `-T rootsig_1_x`: the first syntax or validation error is returned, validation errors at
/// the position of the element they name.
pub fn compile(text: &str, version: Version) -> Result<RootSignature> {
    compile_form(text, version, TextForm::Attribute)
}

/// [`compile`] for text laid out as `form` says (a file may break lines).
pub fn compile_form(text: &str, version: Version, form: TextForm) -> Result<RootSignature> {
    let (rs, map) = text::parse_form(text, version, form)?;
    validate::validate(&rs).map_err(|v| {
        let pos = match v.element {
            Element::Root => map.flags,
            Element::Parameter(i) => map.parameters.get(i).copied(),
            Element::Range(i, j) => map.ranges.get(i).and_then(|r| r.get(j)).copied(),
            Element::StaticSampler(i) => map.static_samplers.get(i).copied(),
        };
        v.into_error(pos.unwrap_or(Position::None))
    })?;
    Ok(rs)
}

/// Compiles root signature text straight to RTS0 part bytes.
pub fn compile_to_rts0(text: &str, version: Version) -> Result<Vec<u8>> {
    compile(text, version).map(|rs| binary::write(&rs))
}
