//! Fuzz target for validation: any bytes go through the container validator and the front
//! door's validation (container, program part, bitcode or text) without a panic or a hang;
//! a report or an error is fine, and a report prints.

/// The body of the `validate` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let options = dxil_validate::Options::default();
    let _ = dxil_validate::validate_container(data, &options).to_string();
    if let Ok(report) = dxil::validate(data, &options) {
        let _ = report.to_string();
    }
}
