//! Fuzz the offload-test-suite pipeline reader: any text must read or fail with a line;
//! what reads must bind or fail cleanly, check its rules without panicking, and print to
//! YAML that reads back to the same printed text.

use dxil_pipeline as pipeline;

/// The body of the `pipeline` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(p) = pipeline::parse(&text) else {
        return;
    };
    let _ = pipeline::bind(&p);
    let _ = pipeline::check_results(&p);
    // Printing a big buffer is slow, not different in kind.
    if p.buffers
        .iter()
        .map(|b| b.size() * b.data.len())
        .sum::<usize>()
        > 1 << 16
    {
        return;
    }
    let printed = pipeline::print_pipeline(&p);
    let back = pipeline::parse(&printed).expect("the printed pipeline reads back");
    assert_eq!(pipeline::print_pipeline(&back), printed);
}
