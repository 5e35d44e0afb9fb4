//! `; Note: shader requires additional functionality:` (from `SFI0`).

use dxil_container::FeatureInfo;

/// Prints the feature notes; nothing when no flag is set. Returns whether it printed.
pub fn print_feature_info(info: &FeatureInfo, out: &mut String) -> bool {
    if info.0 == 0 {
        return false;
    }
    out.push_str(";\n; Note: shader requires additional functionality:\n");
    print_descriptions(info, false, out);
    out.push_str(";\n");
    if info.0 >> FeatureInfo::OPT_SHIFT == 0 {
        return true;
    }
    out.push_str("; Note: shader has optional feature flags set:\n");
    print_descriptions(info, true, out);
    out.push_str(";\n");
    true
}

/// One line per set named bit of one group (required or optional), lowest bit first.
fn print_descriptions(info: &FeatureInfo, optional: bool, out: &mut String) {
    for f in info.features().filter(|f| f.is_optional() == optional) {
        out.push_str(";       ");
        out.push_str(f.description);
        out.push('\n');
    }
}
