; DispatchMesh called twice, the second only on one path: INSTR.NOTONCEDISPATCHMESH, INSTR.NONDOMINATINGDISPATCHMESH; declared payload (2) smaller than the payload pointer
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.Payload = type { [4 x float] }

@"\01?p@@3UPayload@@A" = external addrspace(3) global %struct.Payload, align 4

define void @main() {
  %1 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)  ; FlattenedThreadIdInGroup()
  %2 = uitofp i32 %1 to float
  %3 = and i32 %1, 3
  %4 = getelementptr %struct.Payload, %struct.Payload addrspace(3)* @"\01?p@@3UPayload@@A", i32 0, i32 0, i32 %3
  store float %2, float addrspace(3)* %4, align 4, !tbaa !8
  call void @dx.op.dispatchMesh.struct.Payload(i32 173, i32 1, i32 1, i32 1, %struct.Payload addrspace(3)* nonnull @"\01?p@@3UPayload@@A")
  %c = icmp eq i32 %1, 0
  br i1 %c, label %then, label %end
then:
  call void @dx.op.dispatchMesh.struct.Payload(i32 173, i32 1, i32 1, i32 1, %struct.Payload addrspace(3)* nonnull @"\01?p@@3UPayload@@A")
  br label %end
end:
  ret void
}

; Function Attrs: nounwind readnone
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0

; Function Attrs: nounwind
declare void @dx.op.dispatchMesh.struct.Payload(i32, i32, i32, i32, %struct.Payload addrspace(3)*) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 5}
!2 = !{i32 1, i32 10}
!3 = !{!"as", i32 6, i32 5}
!4 = !{void ()* @main, !"main", null, null, !5}
!5 = !{i32 10, !6}
!6 = !{!7, i32 2}
!7 = !{i32 32, i32 1, i32 1}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
