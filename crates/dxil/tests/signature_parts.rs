//! Signature parts of elements with more semantic indices than rows, as older compilers
//! wrote mesh shader outputs (1 row, indices 0, 1, 2): every record of such an element sits
//! at its start row (the register steps by rows / indices), and the PSV0 semantic index
//! table finds the element by its leading indices. Compared with the reference assembler's
//! parts when it is present.

use dxil::parts::psv::Psv;
use dxil::parts::signature::SignaturePart;

/// A mesh shader (from the corpus, `0f69fba1f22d`) given an arbitrary output `COLOR` (index
/// 0, row 1) before `TEXCOORD`, which declares 1 row with indices 0, 1, 2.
const MESH: &str = r#"target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  call void @dx.op.storeVertexOutput.f32(i32 171, i32 1, i32 0, i8 0, float 1.000000e+00, i32 0)
  call void @dx.op.storeVertexOutput.f32(i32 171, i32 1, i32 0, i8 1, float 2.000000e+00, i32 0)
  call void @dx.op.setMeshOutputCounts(i32 168, i32 0, i32 0)
  ret void
}

declare void @dx.op.storeVertexOutput.f32(i32, i32, i32, i8, float, i32) #0

declare void @dx.op.setMeshOutputCounts(i32, i32, i32) #0

attributes #0 = { nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.viewIdState = !{!4}
!dx.entryPoints = !{!5}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 5}
!2 = !{i32 1, i32 10}
!3 = !{!"ms", i32 6, i32 5}
!4 = !{[3 x i32] [i32 0, i32 2, i32 0]}
!5 = !{void ()* @main, !"main", !6, null, !11}
!6 = !{null, !7, null}
!7 = !{!14, !8}
!8 = !{i32 1, !"TEXCOORD", i8 9, i8 0, !15, i8 2, i32 1, i8 2, i32 0, i8 0, !10}
!9 = !{i32 0}
!10 = !{i32 3, i32 3}
!11 = !{i32 9, !12}
!12 = !{!13, i32 1, i32 0, i32 2, i32 0}
!13 = !{i32 64, i32 1, i32 1}
!14 = !{i32 0, !"COLOR", i8 9, i8 0, !9, i8 2, i32 1, i8 2, i32 1, i8 0, null}
!15 = !{i32 0, i32 1, i32 2}
"#;

fn part<'a>(container: &'a [u8], fourcc: &[u8; 4]) -> &'a [u8] {
    dxil_test_support::part(container, fourcc)
        .unwrap_or_else(|| panic!("no {} part", String::from_utf8_lossy(fourcc)))
}

#[test]
fn more_indices_than_rows_stay_at_the_start_row() {
    let ours = dxil::assemble(MESH).expect("assemble");
    let osg = SignaturePart::parse(part(&ours, b"OSG1")).expect("OSG1");
    // COLOR at row 1, then TEXCOORD's three records, all at row 0.
    let mut placed: Vec<(u32, u32)> = osg
        .elements
        .iter()
        .map(|e| (e.register, e.semantic_index))
        .collect();
    placed.sort_unstable();
    assert_eq!(placed, [(0, 0), (0, 1), (0, 2), (1, 0)]);
    // PSV0: COLOR appends [0]; TEXCOORD (1 row) is found by its leading index there.
    let psv = Psv::parse(part(&ours, b"PSV0")).expect("PSV0");
    let sigs = psv.signatures.as_ref().expect("PSV0 signatures");
    assert_eq!(sigs.semantic_index_table, [0]);
    assert!(sigs.output.iter().all(|e| e.semantic_indexes == 0));

    // The reference assembler writes the same parts.
    let Some(dxa) = dxil_test_support::reference_tool("dxa") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("dxil-sigparts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (ll, out) = (dir.join("mesh.ll"), dir.join("mesh.dxil"));
    std::fs::write(&ll, MESH).expect("write text");
    let status = std::process::Command::new(&dxa)
        .arg(&ll)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("run dxa");
    assert!(
        status.status.success(),
        "dxa: {}",
        String::from_utf8_lossy(&status.stdout)
    );
    let reference = std::fs::read(&out).expect("read dxa output");
    let _ = std::fs::remove_dir_all(&dir);
    for fourcc in [b"OSG1", b"PSV0"] {
        assert_eq!(
            part(&ours, fourcc),
            part(&reference, fourcc),
            "{} differs from the reference's",
            String::from_utf8_lossy(fourcc)
        );
    }
}
