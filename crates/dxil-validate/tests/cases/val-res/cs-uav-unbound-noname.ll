; val-res case: cs-uav-unbound-noname
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%"class.RWBuffer<float>" = type { float }

define void @main() {
  %outb_UAV_buf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 -1, i1 false)
  %1 = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %2 = uitofp i32 %1 to float
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %outb_UAV_buf, i32 %1, i32 undef, float %2, float %2, float %2, float %2, i8 15)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32) #0

declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8) #1

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
attributes #2 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!8}
!dx.entryPoints = !{!12}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 10}
!3 = !{!"cs", i32 6, i32 0}
!4 = !{null, !5, null, null}
!5 = !{!6}
!6 = !{i32 0, %"class.RWBuffer<float>"* undef, !"", i32 1, i32 -1, i32 1, i32 10, i1 false, i1 false, i1 true, !7}
!7 = !{i32 0, i32 9}
!8 = !{i32 1, void ()* @main, !9}
!9 = !{!10}
!10 = !{i32 0, !11, !11}
!11 = !{}
!12 = !{void ()* @main, !"main", null, !4, !13}
!13 = !{i32 4, !14}
!14 = !{i32 8, i32 1, i32 1}

