//! Sets of shader stages, as the op database gives them per operation.

use dxil_container::ShaderKind;

/// A set of stages, one bit per [`ShaderKind`] (bit `1 << kind`); the empty set means "all
/// stages".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Stages(pub u32);

impl Stages {
    /// Whether `kind` is allowed (an empty set allows every stage).
    pub const fn allows(self, kind: ShaderKind) -> bool {
        self.0 == 0 || self.0 & (1 << kind as u32) != 0
    }
}
