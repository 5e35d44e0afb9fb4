//! Shader stages as the op database names them, and sets of them.

/// A shader stage (`shader_stages` in the op database; DXIL.rst "Shader Model").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum ShaderStage {
    /// `pixel`
    Pixel,
    /// `vertex`
    Vertex,
    /// `geometry`
    Geometry,
    /// `hull`
    Hull,
    /// `domain`
    Domain,
    /// `compute`
    Compute,
    /// `library`
    Library,
    /// `raygeneration`
    RayGeneration,
    /// `intersection`
    Intersection,
    /// `anyhit`
    AnyHit,
    /// `closesthit`
    ClosestHit,
    /// `miss`
    Miss,
    /// `callable`
    Callable,
    /// `mesh`
    Mesh,
    /// `amplification`
    Amplification,
    /// `node`
    Node,
}

impl ShaderStage {
    /// Every stage, in declaration order.
    pub const ALL: [ShaderStage; 16] = [
        ShaderStage::Pixel,
        ShaderStage::Vertex,
        ShaderStage::Geometry,
        ShaderStage::Hull,
        ShaderStage::Domain,
        ShaderStage::Compute,
        ShaderStage::Library,
        ShaderStage::RayGeneration,
        ShaderStage::Intersection,
        ShaderStage::AnyHit,
        ShaderStage::ClosestHit,
        ShaderStage::Miss,
        ShaderStage::Callable,
        ShaderStage::Mesh,
        ShaderStage::Amplification,
        ShaderStage::Node,
    ];

    /// The database's spelling (`pixel`).
    pub const fn name(self) -> &'static str {
        match self {
            ShaderStage::Pixel => "pixel",
            ShaderStage::Vertex => "vertex",
            ShaderStage::Geometry => "geometry",
            ShaderStage::Hull => "hull",
            ShaderStage::Domain => "domain",
            ShaderStage::Compute => "compute",
            ShaderStage::Library => "library",
            ShaderStage::RayGeneration => "raygeneration",
            ShaderStage::Intersection => "intersection",
            ShaderStage::AnyHit => "anyhit",
            ShaderStage::ClosestHit => "closesthit",
            ShaderStage::Miss => "miss",
            ShaderStage::Callable => "callable",
            ShaderStage::Mesh => "mesh",
            ShaderStage::Amplification => "amplification",
            ShaderStage::Node => "node",
        }
    }

    /// Parses the database's spelling.
    pub fn from_name(name: &str) -> Option<ShaderStage> {
        ShaderStage::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A set of stages, one bit per [`ShaderStage`]; the empty set means "all stages".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Stages(pub u32);

impl Stages {
    /// Whether `stage` is allowed (an empty set allows every stage).
    pub const fn allows(self, stage: ShaderStage) -> bool {
        self.0 == 0 || self.0 & (1 << stage as u32) != 0
    }
}
