//! Validation of whatever the user has: a container (its program, then its parts), or a
//! program part, bitcode or text (the module alone, as `dxv` does for text).

use crate::error::Result;
use crate::input::Input;
use crate::validator::{Options, Report};

/// Validates `bytes` as the reference validator would: a DXContainer is checked whole
/// ([`validator::validate_container`](crate::validator::validate_container)); a program part,
/// bitcode or DXIL text is read (text is assembled first) and its module checked
/// ([`validator::validate_module`](crate::validator::validate_module); a module stripped of its
/// debug info is checked again first).
///
/// An input that is none of these forms, or text that does not parse, is an [`Error`](crate::Error);
/// everything else, however malformed, gives a [`Report`].
///
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// # let Some(dir) = dxil_test_support::corpus_dir() else { return Ok(()) };
/// # let path = dir.join(&dxil_test_support::corpus_ids(&dir)[0]).with_extension("dxil");
/// let report = dxil::validate(&std::fs::read(&path)?, &Default::default())?;
/// if !report.is_valid() {
///     eprint!("{report}");
/// }
/// # Ok(()) }
/// ```
pub fn validate(bytes: &[u8], options: &Options) -> Result<Report> {
    validate_named(bytes, "<input>", options)
}

/// As [`validate`], text errors naming the input `name` (`name:line:column`).
pub fn validate_named(bytes: &[u8], name: &str, options: &Options) -> Result<Report> {
    let input = Input::parse(bytes)?;
    let module = match &input {
        Input::Container(_) => return Ok(crate::validator::validate_container(bytes, options)),
        Input::Text(text) => {
            // The reference assembles text into a container whose program is the module
            // with its debug info stripped (kept whole in `ILDB`), and validates that.
            // Debug info that does not strip is left for the rules to judge.
            let module = crate::parse_text(text, name)?;
            if dxil_module::strip::has_debug_info(&module) {
                let mut stripped = module.clone().into_inner();
                if dxil_module::strip::strip_debug_info(&mut stripped).is_ok() {
                    return Ok(crate::validator::validate_unchecked_module(
                        stripped, options,
                    ));
                }
            }
            module
        }
        Input::ProgramPart(_) | Input::Bitcode(_) => input.primary_bitcode()?.read_module()?,
    };
    Ok(crate::validator::validate_module(&module, options))
}
