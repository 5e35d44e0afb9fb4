; Reordering hints read only when bits are asked for, root table constant offsets, and ray
; query flags that are constants (undef included) or not.
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.HitObject = type { i8* }

define void @"\01?main@@YAXXZ"() #0 {
  %nop = call %dx.types.HitObject @dx.op.hitObject_MakeNop(i32 266)
  %q = call i32 @dx.op.allocateRayQuery(i32 178, i32 undef)
  %bits = call i32 @dx.op.hitObject_LoadLocalRootTableConstant(i32 288, %dx.types.HitObject %nop, i32 8)
  call void @dx.op.maybeReorderThread(i32 268, %dx.types.HitObject %nop, i32 undef, i32 0)
  call void @dx.op.maybeReorderThread(i32 268, %dx.types.HitObject %nop, i32 undef, i32 %bits)
  call void @dx.op.maybeReorderThread(i32 268, %dx.types.HitObject undef, i32 undef, i32 undef)
  %a = call i32 @dx.op.hitObject_LoadLocalRootTableConstant(i32 288, %dx.types.HitObject %nop, i32 undef)
  %b = call i32 @dx.op.hitObject_LoadLocalRootTableConstant(i32 288, %dx.types.HitObject undef, i32 %bits)
  %c = call i32 @dx.op.hitObject_LoadLocalRootTableConstant(i32 288, %dx.types.HitObject %nop, i32 -2)
  %q2 = call i32 @dx.op.allocateRayQuery2(i32 258, i32 1024, i32 3)
  %q3 = call i32 @dx.op.allocateRayQuery2(i32 258, i32 1025, i32 2)
  %h = call %dx.types.HitObject @dx.op.hitObject_FromRayQuery(i32 263, i32 undef)
  %s = call %dx.types.HitObject @dx.op.hitObject_SetShaderTableIndex(i32 287, %dx.types.HitObject %h, i32 %bits)
  ret void
}

declare %dx.types.HitObject @dx.op.hitObject_MakeNop(i32) #1
declare void @dx.op.maybeReorderThread(i32, %dx.types.HitObject, i32, i32) #0
declare i32 @dx.op.hitObject_LoadLocalRootTableConstant(i32, %dx.types.HitObject, i32) #2
declare i32 @dx.op.allocateRayQuery(i32, i32) #0
declare i32 @dx.op.allocateRayQuery2(i32, i32, i32) #0
declare %dx.types.HitObject @dx.op.hitObject_FromRayQuery(i32, i32) #2
declare %dx.types.HitObject @dx.op.hitObject_SetShaderTableIndex(i32, %dx.types.HitObject, i32) #1

attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind readonly }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.typeAnnotations = !{!2}
!dx.entryPoints = !{!6, !8}

!0 = !{i32 1, i32 9}
!1 = !{!"lib", i32 6, i32 9}
!2 = !{i32 1, void ()* @"\01?main@@YAXXZ", !3}
!3 = !{!4}
!4 = !{i32 1, !5, !5}
!5 = !{}
!6 = !{null, !"", null, null, !7}
!7 = !{i32 0, i64 0}
!8 = !{void ()* @"\01?main@@YAXXZ", !"\01?main@@YAXXZ", null, null, !9}
!9 = !{i32 8, i32 7, i32 5, !10}
!10 = !{i32 0}
