//! The values [`Arg::Special`] names and the functions a stage needs besides the entry.
//!
//! [`Arg::Special`]: dxil_test_support::op_cases::Arg::Special

use super::Renderer;

impl Renderer<'_> {
    /// The value `name` stands for (see `dxil_test_support::op_cases::SPECIALS`), made
    /// once per shader.
    pub(super) fn special(&mut self, name: &'static str, ty: &str) -> Result<String, String> {
        if let Some(v) = self.specials.get(name) {
            return Ok(v.clone());
        }
        let v = match name {
            // AllocateRayQuery with no constant ray flags.
            "rayquery" => self.call_value(178, "void", &["i32 0".into()])?,
            // HitObject_MakeNop.
            "hitobject" => self.call_value(266, "void", &[])?,
            other => return Err(format!("unknown special value {other:?} of type {ty}")),
        };
        self.specials.insert(name, v.clone());
        Ok(v)
    }
}

/// Functions besides the entry: a hull shader's patch constant function.
pub fn functions(r: &mut Renderer<'_>) -> Result<String, String> {
    Ok(if r.case.stage == "hs" {
        "define void @patch_constant() {\n  ret void\n}\n\n".into()
    } else {
        String::new()
    })
}
