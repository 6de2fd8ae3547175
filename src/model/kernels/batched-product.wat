;; Batched matrix product for tfjs-backend-wasm's BatchMatMul, four output columns per SIMD lane
;; group (src/model/kernels/batched-product.ts registers it; `npm run build:kernels` assembles this
;; file into batched-product-wasm.ts).
;;
;;   out[bb, i, j] = Σ over k-blocks of 48 ( Σ_{k in block, in order} a[bb, i, k] · b[bb, k, j] )
;;
;; Each output element is summed in exactly the order of tfjs-backend-wasm 4.22's scalar loop
;; (slow_batch_matmul: a partial sum from 0 per block of 48 inner indices, added to the output after
;; each block), so the results are bit for bit the same: a lane is one output element, and f32x4.mul
;; and f32x4.add round each lane as f32.mul and f32.add do.
;;
;; Addresses are byte offsets into the memory the module imports (tfjs-backend-wasm's own where the
;; kernel can reach it, so the operands are read where they lie; else a memory of the kernel's own,
;; into which they are copied: batched-product.ts); strides count elements. Within batch bb,
;; a[i, k] lies at a + 4·(bb·M·K + i·aMS + k·aKS), b[k, j] at b + 4·(bb·K·N + k·bKS + j·bNS), and
;; out is row-major [batch, M, N]. A b whose rows are not contiguous (bNS ≠ 1) is first copied into
;; `scratch` as row-major [K, N], unless `direct` is set and b is stored transposed (bKS = 1): then
;; four columns at a time are read as four rows of bᵀ and turned into lanes by shuffles, which costs
;; less than the copy when a has few rows (a token step's q·kᵀ: one row per batch).
(module
  (import "env" "memory" (memory 1))

  ;; Copies one batch of b into dst as row-major [K, N].
  (func $pack (param $src i32) (param $dst i32) (param $K i32) (param $N i32) (param $kS i32) (param $nS i32)
    (local $k i32) (local $j i32) (local $row i32)
    (local.set $k (i32.const 0))
    (block $kDone
      (loop $kLoop
        (br_if $kDone (i32.ge_u (local.get $k) (local.get $K)))
        (local.set $row (i32.add (local.get $src) (i32.shl (i32.mul (local.get $k) (local.get $kS)) (i32.const 2))))
        (local.set $j (i32.const 0))
        (block $jDone
          (loop $jLoop
            (br_if $jDone (i32.ge_u (local.get $j) (local.get $N)))
            (f32.store (local.get $dst)
              (f32.load (i32.add (local.get $row) (i32.shl (i32.mul (local.get $j) (local.get $nS)) (i32.const 2)))))
            (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $jLoop)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $kLoop))))

  ;; Sixteen output columns j..j+15 of row i: four lane groups share each a[i, k].
  (func $cols16 (param $aRow i32) (param $aStep i32) (param $bCol i32) (param $bStep i32) (param $K i32) (param $o i32)
    (local $k0 i32) (local $end i32) (local $ap i32) (local $bp i32) (local $x v128)
    (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local $t0 v128) (local $t1 v128) (local $t2 v128) (local $t3 v128)
    (local.set $k0 (i32.const 0))
    (block $done
      (loop $blocks
        (br_if $done (i32.ge_u (local.get $k0) (local.get $K)))
        (local.set $end (select (i32.add (local.get $k0) (i32.const 48)) (local.get $K)
          (i32.lt_u (i32.add (local.get $k0) (i32.const 48)) (local.get $K))))
        (local.set $ap (i32.add (local.get $aRow) (i32.mul (local.get $k0) (local.get $aStep))))
        (local.set $bp (i32.add (local.get $bCol) (i32.mul (local.get $k0) (local.get $bStep))))
        (local.set $s0 (v128.const f32x4 0 0 0 0))
        (local.set $s1 (v128.const f32x4 0 0 0 0))
        (local.set $s2 (v128.const f32x4 0 0 0 0))
        (local.set $s3 (v128.const f32x4 0 0 0 0))
        (block $kDone
          (loop $kLoop
            (br_if $kDone (i32.ge_u (local.get $k0) (local.get $end)))
            (local.set $x (f32x4.splat (f32.load (local.get $ap))))
            (local.set $s0 (f32x4.add (local.get $s0) (f32x4.mul (local.get $x) (v128.load (local.get $bp)))))
            (local.set $s1 (f32x4.add (local.get $s1) (f32x4.mul (local.get $x) (v128.load offset=16 (local.get $bp)))))
            (local.set $s2 (f32x4.add (local.get $s2) (f32x4.mul (local.get $x) (v128.load offset=32 (local.get $bp)))))
            (local.set $s3 (f32x4.add (local.get $s3) (f32x4.mul (local.get $x) (v128.load offset=48 (local.get $bp)))))
            (local.set $ap (i32.add (local.get $ap) (local.get $aStep)))
            (local.set $bp (i32.add (local.get $bp) (local.get $bStep)))
            (local.set $k0 (i32.add (local.get $k0) (i32.const 1)))
            (br $kLoop)))
        (local.set $t0 (f32x4.add (local.get $t0) (local.get $s0)))
        (local.set $t1 (f32x4.add (local.get $t1) (local.get $s1)))
        (local.set $t2 (f32x4.add (local.get $t2) (local.get $s2)))
        (local.set $t3 (f32x4.add (local.get $t3) (local.get $s3)))
        (br $blocks)))
    (v128.store (local.get $o) (local.get $t0))
    (v128.store offset=16 (local.get $o) (local.get $t1))
    (v128.store offset=32 (local.get $o) (local.get $t2))
    (v128.store offset=48 (local.get $o) (local.get $t3)))

  ;; Four output columns j..j+3 of row i.
  (func $cols4 (param $aRow i32) (param $aStep i32) (param $bCol i32) (param $bStep i32) (param $K i32) (param $o i32)
    (local $k0 i32) (local $end i32) (local $ap i32) (local $bp i32) (local $s v128) (local $t v128)
    (local.set $k0 (i32.const 0))
    (block $done
      (loop $blocks
        (br_if $done (i32.ge_u (local.get $k0) (local.get $K)))
        (local.set $end (select (i32.add (local.get $k0) (i32.const 48)) (local.get $K)
          (i32.lt_u (i32.add (local.get $k0) (i32.const 48)) (local.get $K))))
        (local.set $ap (i32.add (local.get $aRow) (i32.mul (local.get $k0) (local.get $aStep))))
        (local.set $bp (i32.add (local.get $bCol) (i32.mul (local.get $k0) (local.get $bStep))))
        (local.set $s (v128.const f32x4 0 0 0 0))
        (block $kDone
          (loop $kLoop
            (br_if $kDone (i32.ge_u (local.get $k0) (local.get $end)))
            (local.set $s (f32x4.add (local.get $s)
              (f32x4.mul (f32x4.splat (f32.load (local.get $ap))) (v128.load (local.get $bp)))))
            (local.set $ap (i32.add (local.get $ap) (local.get $aStep)))
            (local.set $bp (i32.add (local.get $bp) (local.get $bStep)))
            (local.set $k0 (i32.add (local.get $k0) (i32.const 1)))
            (br $kLoop)))
        (local.set $t (f32x4.add (local.get $t) (local.get $s)))
        (br $blocks)))
    (v128.store (local.get $o) (local.get $t)))

  ;; One output column j of row i.
  (func $cols1 (param $aRow i32) (param $aStep i32) (param $bCol i32) (param $bStep i32) (param $K i32) (param $o i32)
    (local $k0 i32) (local $end i32) (local $ap i32) (local $bp i32) (local $s f32) (local $t f32)
    (local.set $k0 (i32.const 0))
    (block $done
      (loop $blocks
        (br_if $done (i32.ge_u (local.get $k0) (local.get $K)))
        (local.set $end (select (i32.add (local.get $k0) (i32.const 48)) (local.get $K)
          (i32.lt_u (i32.add (local.get $k0) (i32.const 48)) (local.get $K))))
        (local.set $ap (i32.add (local.get $aRow) (i32.mul (local.get $k0) (local.get $aStep))))
        (local.set $bp (i32.add (local.get $bCol) (i32.mul (local.get $k0) (local.get $bStep))))
        (local.set $s (f32.const 0))
        (block $kDone
          (loop $kLoop
            (br_if $kDone (i32.ge_u (local.get $k0) (local.get $end)))
            (local.set $s (f32.add (local.get $s) (f32.mul (f32.load (local.get $ap)) (f32.load (local.get $bp)))))
            (local.set $ap (i32.add (local.get $ap) (local.get $aStep)))
            (local.set $bp (i32.add (local.get $bp) (local.get $bStep)))
            (local.set $k0 (i32.add (local.get $k0) (i32.const 1)))
            (br $kLoop)))
        (local.set $t (f32.add (local.get $t) (local.get $s)))
        (br $blocks)))
    (f32.store (local.get $o) (local.get $t)))

  ;; Four output columns j..j+3 of row i from b stored transposed: column j + l of b is row l of
  ;; bᵀ, K contiguous floats from bRow + l·rowStride (bytes). Four inner indices at a time, the four
  ;; rows' vectors are transposed by shuffles into one vector per inner index, lane l holding
  ;; b[k, j + l]; each lane still sums its products in order, as $cols4 does.
  (func $cols4T (param $aRow i32) (param $aStep i32) (param $bRow i32) (param $rowStride i32) (param $K i32) (param $o i32)
    (local $k0 i32) (local $end i32) (local $ap i32) (local $bp i32) (local $s v128) (local $t v128)
    (local $r0 v128) (local $r1 v128) (local $r2 v128) (local $r3 v128)
    (local $lo01 v128) (local $hi01 v128) (local $lo23 v128) (local $hi23 v128)
    (local.set $k0 (i32.const 0))
    (block $done
      (loop $blocks
        (br_if $done (i32.ge_u (local.get $k0) (local.get $K)))
        (local.set $end (select (i32.add (local.get $k0) (i32.const 48)) (local.get $K)
          (i32.lt_u (i32.add (local.get $k0) (i32.const 48)) (local.get $K))))
        (local.set $ap (i32.add (local.get $aRow) (i32.mul (local.get $k0) (local.get $aStep))))
        (local.set $bp (i32.add (local.get $bRow) (i32.shl (local.get $k0) (i32.const 2))))
        (local.set $s (v128.const f32x4 0 0 0 0))
        (block $quadsDone
          (loop $quads
            (br_if $quadsDone (i32.gt_u (i32.add (local.get $k0) (i32.const 4)) (local.get $end)))
            (local.set $r0 (v128.load (local.get $bp)))
            (local.set $r1 (v128.load (i32.add (local.get $bp) (local.get $rowStride))))
            (local.set $r2 (v128.load (i32.add (local.get $bp) (i32.shl (local.get $rowStride) (i32.const 1)))))
            (local.set $r3 (v128.load (i32.add (local.get $bp) (i32.mul (local.get $rowStride) (i32.const 3)))))
            ;; lo01 = r0[0] r1[0] r0[1] r1[1], hi01 = r0[2] r1[2] r0[3] r1[3]; the same for r2, r3.
            (local.set $lo01 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $r0) (local.get $r1)))
            (local.set $hi01 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $r0) (local.get $r1)))
            (local.set $lo23 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $r2) (local.get $r3)))
            (local.set $hi23 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $r2) (local.get $r3)))
            ;; Inner index k: r0[0] r1[0] r2[0] r3[0]; k + 1, k + 2, k + 3 likewise.
            (local.set $s (f32x4.add (local.get $s) (f32x4.mul (f32x4.splat (f32.load (local.get $ap)))
              (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $lo01) (local.get $lo23)))))
            (local.set $ap (i32.add (local.get $ap) (local.get $aStep)))
            (local.set $s (f32x4.add (local.get $s) (f32x4.mul (f32x4.splat (f32.load (local.get $ap)))
              (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $lo01) (local.get $lo23)))))
            (local.set $ap (i32.add (local.get $ap) (local.get $aStep)))
            (local.set $s (f32x4.add (local.get $s) (f32x4.mul (f32x4.splat (f32.load (local.get $ap)))
              (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $hi01) (local.get $hi23)))))
            (local.set $ap (i32.add (local.get $ap) (local.get $aStep)))
            (local.set $s (f32x4.add (local.get $s) (f32x4.mul (f32x4.splat (f32.load (local.get $ap)))
              (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $hi01) (local.get $hi23)))))
            (local.set $ap (i32.add (local.get $ap) (local.get $aStep)))
            (local.set $bp (i32.add (local.get $bp) (i32.const 16)))
            (local.set $k0 (i32.add (local.get $k0) (i32.const 4)))
            (br $quads)))
        ;; The block's last inner indices (fewer than four): the four lanes loaded one by one.
        (block $restDone
          (loop $rest
            (br_if $restDone (i32.ge_u (local.get $k0) (local.get $end)))
            (local.set $s (f32x4.add (local.get $s) (f32x4.mul (f32x4.splat (f32.load (local.get $ap)))
              (f32x4.replace_lane 3
                (f32x4.replace_lane 2
                  (f32x4.replace_lane 1
                    (f32x4.splat (f32.load (local.get $bp)))
                    (f32.load (i32.add (local.get $bp) (local.get $rowStride))))
                  (f32.load (i32.add (local.get $bp) (i32.shl (local.get $rowStride) (i32.const 1)))))
                (f32.load (i32.add (local.get $bp) (i32.mul (local.get $rowStride) (i32.const 3))))))))
            (local.set $ap (i32.add (local.get $ap) (local.get $aStep)))
            (local.set $bp (i32.add (local.get $bp) (i32.const 4)))
            (local.set $k0 (i32.add (local.get $k0) (i32.const 1)))
            (br $rest)))
        (local.set $t (f32x4.add (local.get $t) (local.get $s)))
        (br $blocks)))
    (v128.store (local.get $o) (local.get $t)))

  ;; Row i of one batch from b stored transposed (row j of bᵀ at bT + 4·j·K), without a copy.
  (func $rowDirect (param $aRow i32) (param $aStep i32) (param $bT i32) (param $K i32) (param $N i32) (param $o i32)
    (local $j i32) (local $rowStride i32)
    (local.set $rowStride (i32.shl (local.get $K) (i32.const 2)))
    (local.set $j (i32.const 0))
    (block $j4Done
      (loop $j4Loop
        (br_if $j4Done (i32.gt_u (i32.add (local.get $j) (i32.const 4)) (local.get $N)))
        (call $cols4T (local.get $aRow) (local.get $aStep)
          (i32.add (local.get $bT) (i32.mul (local.get $j) (local.get $rowStride))) (local.get $rowStride)
          (local.get $K) (i32.add (local.get $o) (i32.shl (local.get $j) (i32.const 2))))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $j4Loop)))
    (block $j1Done
      (loop $j1Loop
        (br_if $j1Done (i32.ge_u (local.get $j) (local.get $N)))
        (call $cols1 (local.get $aRow) (local.get $aStep)
          (i32.add (local.get $bT) (i32.mul (local.get $j) (local.get $rowStride))) (i32.const 4)
          (local.get $K) (i32.add (local.get $o) (i32.shl (local.get $j) (i32.const 2))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $j1Loop))))

  (func (export "product")
    (param $a i32) (param $b i32) (param $out i32) (param $scratch i32)
    (param $batch i32) (param $M i32) (param $K i32) (param $N i32)
    (param $aMS i32) (param $aKS i32) (param $bKS i32) (param $bNS i32) (param $direct i32)
    (local $bb i32) (local $i i32) (local $j i32) (local $bRows i32) (local $aRow i32) (local $o i32)
    (local $aStep i32) (local $bStep i32)
    (local.set $aStep (i32.shl (local.get $aKS) (i32.const 2)))
    (local.set $bStep (i32.shl (local.get $N) (i32.const 2)))
    (local.set $bb (i32.const 0))
    (block $batchDone
      (loop $batchLoop
        (br_if $batchDone (i32.ge_u (local.get $bb) (local.get $batch)))
        ;; This batch's b as row-major [K, N]: in place when its rows are contiguous.
        (local.set $bRows (i32.add (local.get $b)
          (i32.shl (i32.mul (local.get $bb) (i32.mul (local.get $K) (local.get $N))) (i32.const 2))))
        (if (i32.and (local.get $direct) (i32.eq (local.get $bKS) (i32.const 1)))
          (then
            ;; b stored transposed, read as it lies: every row i of this batch by $rowDirect.
            (local.set $i (i32.const 0))
            (block $dDone
              (loop $dLoop
                (br_if $dDone (i32.ge_u (local.get $i) (local.get $M)))
                (call $rowDirect
                  (i32.add (local.get $a) (i32.shl
                    (i32.add (i32.mul (local.get $bb) (i32.mul (local.get $M) (local.get $K))) (i32.mul (local.get $i) (local.get $aMS)))
                    (i32.const 2)))
                  (local.get $aStep) (local.get $bRows) (local.get $K) (local.get $N)
                  (i32.add (local.get $out) (i32.shl
                    (i32.mul (i32.add (i32.mul (local.get $bb) (local.get $M)) (local.get $i)) (local.get $N))
                    (i32.const 2))))
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (br $dLoop)))
            (local.set $bb (i32.add (local.get $bb) (i32.const 1)))
            (br $batchLoop)))
        (if (i32.or (i32.ne (local.get $bNS) (i32.const 1)) (i32.ne (local.get $bKS) (local.get $N)))
          (then
            (call $pack (local.get $bRows) (local.get $scratch) (local.get $K) (local.get $N) (local.get $bKS) (local.get $bNS))
            (local.set $bRows (local.get $scratch))))
        (local.set $i (i32.const 0))
        (block $iDone
          (loop $iLoop
            (br_if $iDone (i32.ge_u (local.get $i) (local.get $M)))
            (local.set $aRow (i32.add (local.get $a) (i32.shl
              (i32.add (i32.mul (local.get $bb) (i32.mul (local.get $M) (local.get $K))) (i32.mul (local.get $i) (local.get $aMS)))
              (i32.const 2))))
            (local.set $o (i32.add (local.get $out) (i32.shl
              (i32.mul (i32.add (i32.mul (local.get $bb) (local.get $M)) (local.get $i)) (local.get $N))
              (i32.const 2))))
            (local.set $j (i32.const 0))
            (block $j16Done
              (loop $j16Loop
                (br_if $j16Done (i32.gt_u (i32.add (local.get $j) (i32.const 16)) (local.get $N)))
                (call $cols16 (local.get $aRow) (local.get $aStep)
                  (i32.add (local.get $bRows) (i32.shl (local.get $j) (i32.const 2))) (local.get $bStep)
                  (local.get $K) (i32.add (local.get $o) (i32.shl (local.get $j) (i32.const 2))))
                (local.set $j (i32.add (local.get $j) (i32.const 16)))
                (br $j16Loop)))
            (block $j4Done
              (loop $j4Loop
                (br_if $j4Done (i32.gt_u (i32.add (local.get $j) (i32.const 4)) (local.get $N)))
                (call $cols4 (local.get $aRow) (local.get $aStep)
                  (i32.add (local.get $bRows) (i32.shl (local.get $j) (i32.const 2))) (local.get $bStep)
                  (local.get $K) (i32.add (local.get $o) (i32.shl (local.get $j) (i32.const 2))))
                (local.set $j (i32.add (local.get $j) (i32.const 4)))
                (br $j4Loop)))
            (block $j1Done
              (loop $j1Loop
                (br_if $j1Done (i32.ge_u (local.get $j) (local.get $N)))
                (call $cols1 (local.get $aRow) (local.get $aStep)
                  (i32.add (local.get $bRows) (i32.shl (local.get $j) (i32.const 2))) (local.get $bStep)
                  (local.get $K) (i32.add (local.get $o) (i32.shl (local.get $j) (i32.const 2))))
                (local.set $j (i32.add (local.get $j) (i32.const 1)))
                (br $j1Loop)))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $iLoop)))
        (local.set $bb (i32.add (local.get $bb) (i32.const 1)))
        (br $batchLoop)))))
