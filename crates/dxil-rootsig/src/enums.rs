//! The value types of a root signature: enumerations and flag sets, each a `u32` newtype so
//! that any value found in a binary can be held, with named constants and text keywords.
//!
//! Values follow D3D12 (`D3D12_SHADER_VISIBILITY`, `D3D12_FILTER`, `D3D12_ROOT_SIGNATURE_FLAGS`,
//! `D3D12_DESCRIPTOR_RANGE_FLAGS`, ...), which the RTS0 part and the `dx.rootsignatures`
//! metadata ("Root Signatures", "Metadata") store unchanged.

/// Defines a `u32` newtype with named values; `NAMES` pairs each value with its text keyword.
macro_rules! value_type {
    ($(#[$m:meta])* $name:ident { $($(#[$cm:meta])* $c:ident = $v:expr, $kw:expr;)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, serde::Serialize)]
        pub struct $name(pub u32);
        impl $name {
            $($(#[$cm])* pub const $c: $name = $name($v);)*
            /// Every named value with its text keyword, in declaration order.
            pub const NAMES: &'static [($name, &'static str)] = &[$(($name($v), $kw),)*];
            /// The text keyword of this value, if it has one.
            pub fn keyword(self) -> Option<&'static str> {
                Self::NAMES.iter().find(|(v, _)| *v == self).map(|(_, k)| *k)
            }
            /// The value named by a keyword (ASCII case-insensitive, as the reference's grammar).
            pub fn from_keyword(word: &str) -> Option<Self> {
                Self::NAMES.iter().find(|(_, k)| k.eq_ignore_ascii_case(word)).map(|(v, _)| *v)
            }
        }
    };
}

value_type! {
    /// Which shader stages see a root parameter or static sampler (`D3D12_SHADER_VISIBILITY`).
    ShaderVisibility {
        /// All stages.
        ALL = 0, "SHADER_VISIBILITY_ALL";
        /// Vertex shader.
        VERTEX = 1, "SHADER_VISIBILITY_VERTEX";
        /// Hull shader.
        HULL = 2, "SHADER_VISIBILITY_HULL";
        /// Domain shader.
        DOMAIN = 3, "SHADER_VISIBILITY_DOMAIN";
        /// Geometry shader.
        GEOMETRY = 4, "SHADER_VISIBILITY_GEOMETRY";
        /// Pixel shader.
        PIXEL = 5, "SHADER_VISIBILITY_PIXEL";
        /// Amplification shader.
        AMPLIFICATION = 6, "SHADER_VISIBILITY_AMPLIFICATION";
        /// Mesh shader.
        MESH = 7, "SHADER_VISIBILITY_MESH";
    }
}

impl ShaderVisibility {
    /// The short upper-case name the reference uses in validation messages (`ALL`, `PIXEL`, ...).
    pub fn short_name(self) -> &'static str {
        match self.keyword() {
            Some(k) => k.trim_start_matches("SHADER_VISIBILITY_"),
            None => "unknown",
        }
    }
}

value_type! {
    /// The kind of a descriptor range (`D3D12_DESCRIPTOR_RANGE_TYPE`).
    RangeType {
        /// Shader resource views (`t` registers).
        SRV = 0, "SRV";
        /// Unordered access views (`u` registers).
        UAV = 1, "UAV";
        /// Constant buffer views (`b` registers).
        CBV = 2, "CBV";
        /// Samplers (`s` registers).
        SAMPLER = 3, "Sampler";
    }
}

impl RangeType {
    /// The register letter of this range type (`t`, `u`, `b`, `s`).
    pub fn register_letter(self) -> Option<char> {
        match self {
            RangeType::SRV => Some('t'),
            RangeType::UAV => Some('u'),
            RangeType::CBV => Some('b'),
            RangeType::SAMPLER => Some('s'),
            _ => None,
        }
    }

    /// The upper-case name used in the reference's validation messages.
    pub fn message_name(self) -> &'static str {
        match self {
            RangeType::SRV => "SRV",
            RangeType::UAV => "UAV",
            RangeType::CBV => "CBV",
            RangeType::SAMPLER => "SAMPLER",
            _ => "unknown",
        }
    }
}

value_type! {
    /// Root signature flags (`D3D12_ROOT_SIGNATURE_FLAGS`).
    RootFlags {
        /// No flags.
        NONE = 0, "0";
        /// The input assembler is used.
        ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT = 0x1, "ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT";
        /// Vertex shaders cannot access the root signature.
        DENY_VERTEX_SHADER_ROOT_ACCESS = 0x2, "DENY_VERTEX_SHADER_ROOT_ACCESS";
        /// Hull shaders cannot access the root signature.
        DENY_HULL_SHADER_ROOT_ACCESS = 0x4, "DENY_HULL_SHADER_ROOT_ACCESS";
        /// Domain shaders cannot access the root signature.
        DENY_DOMAIN_SHADER_ROOT_ACCESS = 0x8, "DENY_DOMAIN_SHADER_ROOT_ACCESS";
        /// Geometry shaders cannot access the root signature.
        DENY_GEOMETRY_SHADER_ROOT_ACCESS = 0x10, "DENY_GEOMETRY_SHADER_ROOT_ACCESS";
        /// Pixel shaders cannot access the root signature.
        DENY_PIXEL_SHADER_ROOT_ACCESS = 0x20, "DENY_PIXEL_SHADER_ROOT_ACCESS";
        /// Stream output is used.
        ALLOW_STREAM_OUTPUT = 0x40, "ALLOW_STREAM_OUTPUT";
        /// A local (ray tracing) root signature.
        LOCAL_ROOT_SIGNATURE = 0x80, "LOCAL_ROOT_SIGNATURE";
        /// Amplification shaders cannot access the root signature.
        DENY_AMPLIFICATION_SHADER_ROOT_ACCESS = 0x100, "DENY_AMPLIFICATION_SHADER_ROOT_ACCESS";
        /// Mesh shaders cannot access the root signature.
        DENY_MESH_SHADER_ROOT_ACCESS = 0x200, "DENY_MESH_SHADER_ROOT_ACCESS";
        /// Shaders index the CBV/SRV/UAV heap directly.
        CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED = 0x400, "CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED";
        /// Shaders index the sampler heap directly.
        SAMPLER_HEAP_DIRECTLY_INDEXED = 0x800, "SAMPLER_HEAP_DIRECTLY_INDEXED";
    }
}

impl RootFlags {
    /// Every bit the reference accepts (it also allows bit 31, which has no text keyword).
    pub const VALID: u32 = 0x8000_0fff;
}

value_type! {
    /// Root descriptor flags (`D3D12_ROOT_DESCRIPTOR_FLAGS`, version 1.1 and later).
    DescriptorFlags {
        /// No flags (in 1.1, the default behaviour).
        NONE = 0, "0";
        /// The data pointed to may change at any time.
        DATA_VOLATILE = 0x2, "DATA_VOLATILE";
        /// The data is static while the descriptor is set at execution.
        DATA_STATIC_WHILE_SET_AT_EXECUTE = 0x4, "DATA_STATIC_WHILE_SET_AT_EXECUTE";
        /// The data never changes after recording.
        DATA_STATIC = 0x8, "DATA_STATIC";
    }
}

impl DescriptorFlags {
    /// Every valid bit.
    pub const VALID: u32 = 0xe;
}

value_type! {
    /// Descriptor range flags (`D3D12_DESCRIPTOR_RANGE_FLAGS`, version 1.1 and later).
    RangeFlags {
        /// No flags (in 1.1, the default behaviour).
        NONE = 0, "0";
        /// The descriptors may change at any time.
        DESCRIPTORS_VOLATILE = 0x1, "DESCRIPTORS_VOLATILE";
        /// The data pointed to may change at any time.
        DATA_VOLATILE = 0x2, "DATA_VOLATILE";
        /// The data is static while the table is set at execution.
        DATA_STATIC_WHILE_SET_AT_EXECUTE = 0x4, "DATA_STATIC_WHILE_SET_AT_EXECUTE";
        /// The data never changes after recording.
        DATA_STATIC = 0x8, "DATA_STATIC";
        /// Descriptors are static but buffer bounds checks are kept.
        DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS = 0x10000,
            "DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS";
    }
}

impl RangeFlags {
    /// Every valid bit.
    pub const VALID: u32 = 0x1000f;
    /// The `DATA_*` bits.
    pub const DATA_BITS: u32 = 0xe;
}

value_type! {
    /// Static sampler flags (`D3D12_SAMPLER_FLAGS`, version 1.2 only).
    SamplerFlags {
        /// No flags.
        NONE = 0, "0";
        /// The border color is an integer color.
        UINT_BORDER_COLOR = 0x1, "UINT_BORDER_COLOR";
        /// Texture coordinates are not normalized.
        NON_NORMALIZED_COORDINATES = 0x2, "NON_NORMALIZED_COORDINATES";
    }
}

impl SamplerFlags {
    /// Every valid bit.
    pub const VALID: u32 = 0x3;
}

value_type! {
    /// Texture filtering (`D3D12_FILTER`).
    Filter {
        /// Point sampling everywhere.
        MIN_MAG_MIP_POINT = 0x0, "FILTER_MIN_MAG_MIP_POINT";
        /// Point min/mag, linear mip.
        MIN_MAG_POINT_MIP_LINEAR = 0x1, "FILTER_MIN_MAG_POINT_MIP_LINEAR";
        /// Point min, linear mag, point mip.
        MIN_POINT_MAG_LINEAR_MIP_POINT = 0x4, "FILTER_MIN_POINT_MAG_LINEAR_MIP_POINT";
        /// Point min, linear mag and mip.
        MIN_POINT_MAG_MIP_LINEAR = 0x5, "FILTER_MIN_POINT_MAG_MIP_LINEAR";
        /// Linear min, point mag and mip.
        MIN_LINEAR_MAG_MIP_POINT = 0x10, "FILTER_MIN_LINEAR_MAG_MIP_POINT";
        /// Linear min, point mag, linear mip.
        MIN_LINEAR_MAG_POINT_MIP_LINEAR = 0x11, "FILTER_MIN_LINEAR_MAG_POINT_MIP_LINEAR";
        /// Linear min/mag, point mip.
        MIN_MAG_LINEAR_MIP_POINT = 0x14, "FILTER_MIN_MAG_LINEAR_MIP_POINT";
        /// Linear everywhere.
        MIN_MAG_MIP_LINEAR = 0x15, "FILTER_MIN_MAG_MIP_LINEAR";
        /// Anisotropic.
        ANISOTROPIC = 0x55, "FILTER_ANISOTROPIC";
        /// Comparison, point.
        COMPARISON_MIN_MAG_MIP_POINT = 0x80, "FILTER_COMPARISON_MIN_MAG_MIP_POINT";
        /// Comparison variant.
        COMPARISON_MIN_MAG_POINT_MIP_LINEAR = 0x81, "FILTER_COMPARISON_MIN_MAG_POINT_MIP_LINEAR";
        /// Comparison variant.
        COMPARISON_MIN_POINT_MAG_LINEAR_MIP_POINT = 0x84,
            "FILTER_COMPARISON_MIN_POINT_MAG_LINEAR_MIP_POINT";
        /// Comparison variant.
        COMPARISON_MIN_POINT_MAG_MIP_LINEAR = 0x85, "FILTER_COMPARISON_MIN_POINT_MAG_MIP_LINEAR";
        /// Comparison variant.
        COMPARISON_MIN_LINEAR_MAG_MIP_POINT = 0x90, "FILTER_COMPARISON_MIN_LINEAR_MAG_MIP_POINT";
        /// Comparison variant.
        COMPARISON_MIN_LINEAR_MAG_POINT_MIP_LINEAR = 0x91,
            "FILTER_COMPARISON_MIN_LINEAR_MAG_POINT_MIP_LINEAR";
        /// Comparison variant.
        COMPARISON_MIN_MAG_LINEAR_MIP_POINT = 0x94, "FILTER_COMPARISON_MIN_MAG_LINEAR_MIP_POINT";
        /// Comparison, linear.
        COMPARISON_MIN_MAG_MIP_LINEAR = 0x95, "FILTER_COMPARISON_MIN_MAG_MIP_LINEAR";
        /// Comparison, anisotropic.
        COMPARISON_ANISOTROPIC = 0xd5, "FILTER_COMPARISON_ANISOTROPIC";
        /// Minimum reduction variant.
        MINIMUM_MIN_MAG_MIP_POINT = 0x100, "FILTER_MINIMUM_MIN_MAG_MIP_POINT";
        /// Minimum reduction variant.
        MINIMUM_MIN_MAG_POINT_MIP_LINEAR = 0x101, "FILTER_MINIMUM_MIN_MAG_POINT_MIP_LINEAR";
        /// Minimum reduction variant.
        MINIMUM_MIN_POINT_MAG_LINEAR_MIP_POINT = 0x104,
            "FILTER_MINIMUM_MIN_POINT_MAG_LINEAR_MIP_POINT";
        /// Minimum reduction variant.
        MINIMUM_MIN_POINT_MAG_MIP_LINEAR = 0x105, "FILTER_MINIMUM_MIN_POINT_MAG_MIP_LINEAR";
        /// Minimum reduction variant.
        MINIMUM_MIN_LINEAR_MAG_MIP_POINT = 0x110, "FILTER_MINIMUM_MIN_LINEAR_MAG_MIP_POINT";
        /// Minimum reduction variant.
        MINIMUM_MIN_LINEAR_MAG_POINT_MIP_LINEAR = 0x111,
            "FILTER_MINIMUM_MIN_LINEAR_MAG_POINT_MIP_LINEAR";
        /// Minimum reduction variant.
        MINIMUM_MIN_MAG_LINEAR_MIP_POINT = 0x114, "FILTER_MINIMUM_MIN_MAG_LINEAR_MIP_POINT";
        /// Minimum reduction variant.
        MINIMUM_MIN_MAG_MIP_LINEAR = 0x115, "FILTER_MINIMUM_MIN_MAG_MIP_LINEAR";
        /// Minimum reduction, anisotropic.
        MINIMUM_ANISOTROPIC = 0x155, "FILTER_MINIMUM_ANISOTROPIC";
        /// Maximum reduction variant.
        MAXIMUM_MIN_MAG_MIP_POINT = 0x180, "FILTER_MAXIMUM_MIN_MAG_MIP_POINT";
        /// Maximum reduction variant.
        MAXIMUM_MIN_MAG_POINT_MIP_LINEAR = 0x181, "FILTER_MAXIMUM_MIN_MAG_POINT_MIP_LINEAR";
        /// Maximum reduction variant.
        MAXIMUM_MIN_POINT_MAG_LINEAR_MIP_POINT = 0x184,
            "FILTER_MAXIMUM_MIN_POINT_MAG_LINEAR_MIP_POINT";
        /// Maximum reduction variant.
        MAXIMUM_MIN_POINT_MAG_MIP_LINEAR = 0x185, "FILTER_MAXIMUM_MIN_POINT_MAG_MIP_LINEAR";
        /// Maximum reduction variant.
        MAXIMUM_MIN_LINEAR_MAG_MIP_POINT = 0x190, "FILTER_MAXIMUM_MIN_LINEAR_MAG_MIP_POINT";
        /// Maximum reduction variant.
        MAXIMUM_MIN_LINEAR_MAG_POINT_MIP_LINEAR = 0x191,
            "FILTER_MAXIMUM_MIN_LINEAR_MAG_POINT_MIP_LINEAR";
        /// Maximum reduction variant.
        MAXIMUM_MIN_MAG_LINEAR_MIP_POINT = 0x194, "FILTER_MAXIMUM_MIN_MAG_LINEAR_MIP_POINT";
        /// Maximum reduction variant.
        MAXIMUM_MIN_MAG_MIP_LINEAR = 0x195, "FILTER_MAXIMUM_MIN_MAG_MIP_LINEAR";
        /// Maximum reduction, anisotropic.
        MAXIMUM_ANISOTROPIC = 0x1d5, "FILTER_MAXIMUM_ANISOTROPIC";
    }
}

impl Filter {
    /// Whether this is one of the `FILTER_COMPARISON_*` filters.
    pub fn is_comparison(self) -> bool {
        self.keyword().is_some() && (self.0 & 0x180) == 0x80
    }
}

value_type! {
    /// Texture addressing outside [0, 1] (`D3D12_TEXTURE_ADDRESS_MODE`).
    AddressMode {
        /// Repeat.
        WRAP = 1, "TEXTURE_ADDRESS_WRAP";
        /// Mirror.
        MIRROR = 2, "TEXTURE_ADDRESS_MIRROR";
        /// Clamp to edge.
        CLAMP = 3, "TEXTURE_ADDRESS_CLAMP";
        /// Border color.
        BORDER = 4, "TEXTURE_ADDRESS_BORDER";
        /// Mirror once.
        MIRROR_ONCE = 5, "TEXTURE_ADDRESS_MIRROR_ONCE";
    }
}

value_type! {
    /// Comparison for comparison filters (`D3D12_COMPARISON_FUNC`).
    ComparisonFunc {
        /// No comparison (only valid for non-comparison filters).
        NONE = 0, "COMPARISON_NONE";
        /// Never passes.
        NEVER = 1, "COMPARISON_NEVER";
        /// Less.
        LESS = 2, "COMPARISON_LESS";
        /// Equal.
        EQUAL = 3, "COMPARISON_EQUAL";
        /// Less or equal.
        LESS_EQUAL = 4, "COMPARISON_LESS_EQUAL";
        /// Greater.
        GREATER = 5, "COMPARISON_GREATER";
        /// Not equal.
        NOT_EQUAL = 6, "COMPARISON_NOT_EQUAL";
        /// Greater or equal.
        GREATER_EQUAL = 7, "COMPARISON_GREATER_EQUAL";
        /// Always passes.
        ALWAYS = 8, "COMPARISON_ALWAYS";
    }
}

value_type! {
    /// Border color of a static sampler (`D3D12_STATIC_BORDER_COLOR`).
    BorderColor {
        /// (0, 0, 0, 0).
        TRANSPARENT_BLACK = 0, "STATIC_BORDER_COLOR_TRANSPARENT_BLACK";
        /// (0, 0, 0, 1).
        OPAQUE_BLACK = 1, "STATIC_BORDER_COLOR_OPAQUE_BLACK";
        /// (1, 1, 1, 1).
        OPAQUE_WHITE = 2, "STATIC_BORDER_COLOR_OPAQUE_WHITE";
        /// Integer (0, 0, 0, 1).
        OPAQUE_BLACK_UINT = 3, "STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT";
        /// Integer (1, 1, 1, 1).
        OPAQUE_WHITE_UINT = 4, "STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT";
    }
}
