# tablekeeper in Japanese (日本語). See CONTRIBUTING.md, "Translating".

## stage
stage-setup = ゲーム開始前には
stage-playing = プレイ中には
stage-round_end = ラウンド終了処理中には
stage-over = ゲーム終了後には

## error
error-not_during = { $stage }その操作はできません。
error-already_started = ゲームはすでに始まっています。
error-round_end_pending = ラウンドが終了しました。先にラウンド終了時の手順{ $step }を行ってください。
error-wrong_round_end_step = 次は手順{ $expected }です（手順{ $got }ではありません）。
error-unknown_player = { $seat }番目の席にプレイヤーはいません。
error-unknown_creature = { $id }番の生きものカードは場にありません。
error-creature_gone = { $card }はもう場にありません。
error-egg_capacity = { $card }には卵が{ $eggs }個載っています。上限は{ $capacity }個です。
error-no_eggs = { $card }には戻せる卵がありません。
error-not_enough_eggs_to_steal = { $card }のニッチを奪うには自分のカードの卵が{ $needed }個必要です（{ $have }個しかありません）。
error-steal_payment_count = このニッチを奪うには卵が{ $needed }個必要です（選んだカードで払うのは{ $paid }個です）。
error-paid_from_anothers_card = { $card }はあなたのカードではありません：卵は自分のカードから支払います。
error-not_enough_eggs_on_card = { $card }には卵が{ $eggs }個しかないので、{ $paid }個は払えません。
error-own_niche_costs_no_eggs = 自分のニッチを奪うのに卵はいりません。
error-unknown_habitat = 「{ $habitat }」はこのゲームの生息地ではありません。
error-habitat_not_developed = { $habitat }はまだ開拓されていません。
error-habitat_already_developed = { $habitat }はすでに開拓されています。
error-card_not_of_habitat = { $card }の生息地は{ $habitat }ではありません。
error-empty_card_name = カード名を入力してください。
error-bad_level = 生きもののレベルは1〜4です（{ $level }ではありません）。
error-bad_habitat_count = 生きものカードの生息地は異なる1つか2つです（{ $count }つではありません）。
error-card_value_too_high = { $card }：Smileや卵の上限が99を超えるのは入力ミスのようです。
error-unknown_die = ダイス{ $die }はありません。
error-die_already_used = ダイス{ $die }はすでに使用済み資源箱にあります。
error-dice_not_rolled = 資源ダイスがまだ振られていません。
error-dice_already_rolled = 資源ダイスは準備で振ってあります。振り直しを使ってください。
error-unknown_resource = 「{ $face }」はこのゲームの資源ではありません。
error-no_used_dice = 使用済み資源箱が空なので、振り直すダイスがありません。
error-reroll_not_allowed = まだ振り直せません。資源箱のダイスが{ $kinds }種類の目を示しています（1種類以下のときに振り直せます）。
error-roll_must_cover_used_dice = 振り直すダイスそれぞれの目を、過不足なく入力してください。
error-already_paused = すでに一時停止しています。
error-time_up_stale = そのターンはもう進行中ではありません。砂時計が終えられるのは計っていたターンだけです。
error-not_paused = 一時停止していません。
error-results_count = { $expected }人全員の結果を入力してください（入力は{ $got }人分）。
error-unknown_round = 第{ $round }ラウンドはありません。
error-empty_label = ラウンド目的の名前を入力してください。
error-unknown_score_part = 「{ $part }」はこのスコアシートの項目ではありません。
error-score_too_high = { $part }に{ $value }は大きすぎます（最大{ $max }）。

## setup_error
setup_error-player_count = このゲームは{ $min }〜{ $max }人用です（{ $got }人ではできません）。
setup_error-hidden_character = プレイヤー{ $seat }の名前に、見えない文字、文字の向きを変える文字、または改行する文字（{ $code }）があります。別の名前と見分けがつかなくなったり履歴の行が分かれたりするので、その文字を入れずに入力し直してください。
setup_error-stacked_marks = プレイヤー { $seat } の名前は、一つの文字に記号を重ねすぎています。上下の行にはみ出すので、記号を減らして入力し直してください。
setup_error-long_name = プレイヤー{ $seat }の名前が{ $max }文字を超えています。短くしてください。
setup_error-look_alike = { $first } と { $second } は見た目が同じで、テーブルで見分けられません。どちらかに別の名前を付けてください。
setup_error-empty_name = プレイヤー{ $seat }の名前を入力してください。
setup_error-duplicate_name = { $name }という名前のプレイヤーが2人います。
setup_error-duplicate_colour = 同じ色のプレイヤーマーカーを使うプレイヤーが2人います。
setup_error-parent_out_of_range = 親はプレイヤーの中から選んでください。
setup_error-too_few_turns = 第1ラウンドは{ $min }ターン以上必要です。
setup_error-too_many_turns = 第1ラウンドは{ $max }ターンまでです。

## colour
colour-red = 赤
colour-blue = 青
colour-yellow = 黄
colour-green = 緑
colour-purple = 紫

## sheet
sheet-player = プレイヤー
sheet-total = 合計
sheet-rank = 順位
sheet-winner = 勝者
sheet-winners = 勝者：{ $names }
sheet-tie_broken_by = 同点の決着：{ $breaker }
sheet-legend = * 手入力または手で修正した値

## replay
replay-setup = 準備
replay-round_turn = 第{ $round }ラウンド・{ $turn } / { $turns }ターン
replay-player_turn = { $player }の手番（親：{ $parent }）
replay-round_end = 第{ $round }ラウンド終了・手順{ $step }
replay-over = ゲーム終了
replay-paused = 一時停止中

## history
history-line = { $id }  { $date }  { $game }  { $length }  { $players }  · 勝者：{ $winners }
history-import_none = 何も読み込まれませんでした：ファイルのゲームはすべて拒否されました。
history-imported = 読み込み：追加 { $added }件、既存 { $skipped }件、拒否 { $refused }件

## stats
stats-sessions = { $sessions }ゲーム · 平均 { $game_minutes }分/ゲーム · 手番あたり { $turn_seconds }秒
stats-player = { $name }：{ $plays }回プレイ、{ $wins }勝（{ $rate }%）、平均 { $average }点、最高 { $best }点、最低 { $worst }点、手番あたり { $turn_seconds }秒、テーブル時間の { $share }%
stats-head_to_head = {"  "}{ $player } 対 { $opponent }：{ $wins }勝 { $losses }敗 { $ties }分
stats-month = {"  "}{ $month }：{ $plays }回

## action
action-back = 戻る
action-cancel = キャンセル
action-close = 閉じる
action-dismiss = 閉じる
action-ok = OK

## creatures
creatures-add_for = { $player }の生きものカードを追加
creatures-confirm_steal = ニッチを奪う
creatures-details = Smile { $smiles } · Lv{ $level } · { $habitat } · 差し込み { $tucked }枚
creatures-eggs = { $eggs } / { $capacity }
creatures-habitats = 生息地：
creatures-known = 登録済みカード：
creatures-level = レベル
creatures-name = カード名
creatures-none = まだ定着した生きものはいません。
creatures-not_developed = { $habitat }（未開拓）
creatures-settle_in = { $habitat }に定着
creatures-steal = 奪う
creatures-steal_cost = 追加コスト：人トークン{ $humans }つと卵{ $eggs }個を共通在庫へ
creatures-steal_paid = 自分のカードから払う卵：{ $needed }個のうち{ $paid }個
creatures-pays_from = { $card }：卵{ $eggs }個のうち{ $paying }個を払う
creatures-steal_free = 自分のカードなので追加コストはありません。
creatures-stealing = { $thief }が{ $card }（{ $owner }）のニッチを奪います。新しいカードを下に入力してください
creatures-title = { $player }の生きものカード
creatures-tuck = 差し込む

## dice
dice-app_roll = アプリで振る
dice-die = ダイス{ $n }
dice-kind = ダイス{ $kind }
dice-enter_faces = 実際の出目を入力
dice-enter_help = 各ダイスの出目を選んでください。
dice-kinds = 資源ダイス{ $dice }個（{ $kinds }種類）：種類（面の内容）で呼びます。同じ種類のダイスはどれでも同じです。
dice-in_box = 資源箱（タップで獲得）：
dice-last_taken = 最後に獲得：{ $resource }
dice-not_rolled = 資源ダイスはまだ振られていません。
dice-reroll_allowed = 今は振り直せます：資源箱の目が1種類以下です。
dice-reroll_nothing_used = 振り直せません：使用済み資源箱が空です。
dice-reroll_too_many = まだ振り直せません：資源箱に{ $kinds }種類の目があります。
dice-rerolls = 振り直し回数：{ $count }
dice-title = 資源ダイス
dice-used = 使用済み資源箱：{ $dice }
dice-used_empty = なし

## error
error-built_without_window = このビルドにはウィンドウがありません（"gui" 機能なしでビルドされています）。コマンドラインを使ってください：tablekeeper --help
error-no_display = ウィンドウを開くディスプレイがありません（DISPLAY と WAYLAND_DISPLAY が未設定です）。デスクトップで起動するか、コマンドラインを使ってください：tablekeeper --help
error-window = ウィンドウを開けませんでした

## habitats
habitats-bonus = ボーナス { $bonus }
habitats-develop = 開拓する（{ $player }）
habitats-developed_by = { $player }が開拓
habitats-first = 最初の生息地
habitats-title = 生息地

## help
help-close = このヘルプ・お知らせを閉じる
help-fields = 次・前の入力欄へ
help-help = このヘルプを表示
help-next = 次の手番へ
help-pause = すべての時計を一時停止・再開
help-redo = やり直し
help-title = キーボード
help-undo = 直前の操作を取り消す

## history
history-empty = 保存されたゲームはまだありません。
history-title = 履歴（{ $games }ゲーム）

## home
home-history = 履歴（{ $games }ゲーム）
home-new_game = 新しいゲーム
home-resume = 再開：{ $game }（{ $players }、{ $started }開始）
home-settings = 設定
home-tagline = 手番・時間・ダイス・卵・得点を記録します。みなさんはゲームに集中してください。

## notice
notice-abandoned = ゲームを中断として履歴に保存しました。
notice-damaged = 保存データの{ $line }行目が壊れていました。それまでの{ $ops }件の操作を復元しました。元のファイルは { $kept } に保管しています。
notice-history_repaired = 履歴の索引が壊れていました（{ $lines }行目）。ファイルが残っている対局はすべて一覧にあります（{ $recovered }件をファイルから復元）。壊れた索引は { $kept } に保管しました。
notice-not_saved = この操作を保存できなかったため、取り消しました：{ $error }
notice-read_only = データは別のtablekeeperが使用中のため、ここではゲームを記録できません。
notice-saved_to_history = ゲームを履歴に保存しました。勝者：{ $winners }
notice-torn = 保存中にアプリが止まったため、途中の操作を除いて{ $ops }件の操作を復元しました。元のファイルは { $kept } に保管しています。

## round_end
round_end-bottom = 最下位
round_end-confirm_objective = マーカーを置く
round_end-creature_of = { $card }（{ $player }）
round_end-discarded = 捨て札になるカード（戻す卵がない）：
round_end-eggs = 手順2：定着している生きものカードから卵を1つ戻す
round_end-environment = 手順3：親が環境カードをめくる
round_end-environment_help = 環境変化時の能力をもつ生きものは、マーカーが載っているプレイヤーが能力を使えます。
round_end-environment_placeholder = 環境カード名（任意）
round_end-flip = めくる
round_end-losing = 卵を1つ戻すカード：
round_end-new_parent = 新しい親：{ $player }
round_end-no_label = （未設定）
round_end-nobody = なし
round_end-objective = 手順1：ラウンド目的
round_end-parent = 手順4：親マーカーを時計回りに渡す
round_end-pass_parent = 親マーカーを渡す
round_end-preview = { $place } · { $points }点
round_end-rank = { $rank }位
round_end-results_missing = 全員の結果を整数で入力してください（何も満たしていなければ0）。
round_end-return_eggs = 卵を戻す
round_end-step = 手順{ $n }
round_end-title = 第{ $round }ラウンド終了
round_end-zero_rule = 同じ結果は同順位です（1位が2人なら次は3位）。結果が0のプレイヤーは最下位（0点）です。

## settings
settings-bad_target = 手番の目安時間は秒数で入力してください。
settings-dark = ダーク
settings-language = 言語
settings-light = ライト
settings-resource_ids = ダイスの目は資源IDで入力します：{ $ids }
settings-saved = 保存しました。
settings-save = 保存
settings-system = システム
settings-target = 手番の目安時間（秒）
settings-target_help = 超えると時計がオレンジになります。空欄でオフ。
settings-theme = テーマ
settings-title = 設定

## setup
setup-add_player = プレイヤーを追加
setup-bad_bonus = { $habitat }の開拓ボーナスは整数で入力してください。
setup-bad_profile = この値は使えません：{ $error }
setup-bad_slots = 第{ $round }ラウンドの得点は「5, 3, 2, 1」のように整数で入力してください。
setup-bonus_of = 開拓ボーナス：{ $habitat }
setup-choose_first_habitat = 最初の生息地を選んでください（場札の生息地をタップすると候補が出ます）。
setup-draw_parent = 親をランダムに決める
setup-first_habitat = 最初の生息地：
setup-first_habitat_title = 最初の生息地
setup-cheat_card_hint = チートカードのバリアント: ルール説明書は開拓ボーナスをチートカード裏面に従うとしていますが、数値は書かれていません。お手元のカードの値をここに入力してください（コストはテーブルで支払います）。
setup-gap_about = 要確認 – { $subject }：{ $note }
setup-gap_general = 要確認：{ $note }
setup-rule_about = ルールブックより – { $subject }：{ $note }
setup-rule_general = ルールブックより：{ $note }
setup-gap_note = これらの数値はルール説明書に書かれていません（コンポーネントに印刷）。お手元のものと確認してください。入力値は記憶されます。
setup-is_parent = 親
setup-known = 以前のプレイヤー：
setup-make_parent = 親にする
setup-n_turns = 第1ラウンド：{ $n }ターン
setup-name_placeholder = 名前
setup-objective_placeholder = 第{ $round }ラウンドの目的（公開されたら）
setup-objectives = ラウンド目的
setup-player_range = コンポーネントは{ $min }〜{ $max }人分です（マーカー4色）。席順は上から時計回りです。
setup-turn_order_inferred = 手番は親から時計回りです。ルール説明書には親マーカーが時計回りに移るとしか書かれていないため、この順番は自然な読み方であり、明記されたルールではありません。
setup-player_count_gap = GAP: { $n }人でのプレイはテーブルの判断です。ルール説明書にはプレイ人数もソロルールも書かれていません。コンポーネントは{ $min }〜{ $max }人分です。
setup-players = プレイヤー（席順）
setup-slots_round = 第{ $round }ラウンドの得点
setup-start = ゲーム開始
setup-suggested = は場札で最も多い生息地です。
setup-tie_parent_chooses = の生息地が同数です：親が選びます。
setup-title = 新しいゲーム
setup-tray_card = カード{ $n }
setup-tray_help = 場に表向きの5枚のカードの生息地：
setup-turns = ラウンドごとのターン数
setup-values = コンポーネントの数値

## sheet
sheet-abandon_again = もう一度押すと中断（履歴に残り、勝者なし）
sheet-abandon = ゲームを中断
sheet-back = テーブルに戻る
sheet-derived = 自動
sheet-finish = 終了して履歴に保存
sheet-reset = 戻す
sheet-legend_gui = 「自動」の欄はゲームの記録から計算されます。数字を入力するとその場で保存され、「戻す」で変更を取り消せます。
sheet-not_whole = 「{ $value }」は整数ではありません。
sheet-unsaved_field = { $field }が保存されていません：「{ $value }」は入力できない値です。直すか空にしてから終了してください。
sheet-field_cell = { $player }の「{ $part }」
sheet-field_dummies = 「{ $part }」の無人プレイヤー
sheet-waits_dummies = { $part }：先に無人プレイヤー{ $count }人の値を入力してください。
sheet-waits_tie = { $names }が同点です。先にタイブレーカー（{ $breakers }）を入力してください。値も同じなら同順位です。
sheet-unsaved_cell = { $player }の「{ $part }」が保存されていません：「{ $value }」は整数ではありません。直すか空にしてから終了してください。
sheet-overridden = 変更済
sheet-part = 項目
sheet-provisional = 途中経過（ゲームは終わっていません）
sheet-no_number_yet = まだ得点が入っていません。数字が入ると勝者を表示します。

## table
table-capacity = 卵の上限
table-faces_missing = すべてのダイスの目を選んでください。
table-game_time = ゲーム時間：{ $time }
table-home = ホーム
table-last_turn = ラウンドの最終ターン：今定着した生きものには卵が1つ載ります。
table-next = 次の手番 ▶
table-not_a_number = { $field }は整数で入力してください。
table-not_started = 準備中
table-objective = ラウンド目的：{ $label }
table-objective_placeholder = ラウンド目的タイル
table-objective_unset = ラウンド目的が未入力です：
table-parent_mark = （親）
table-pause = 一時停止
table-player_line = { $points }点 · { $time }
table-players = プレイヤー
table-redo = やり直し
table-reminder = 次の手番に移ると、定着時の能力は使えなくなります。
table-resume = 再開
table-sheet = スコアシート
table-smiles = Smile
table-turn_of = { $player }の手番
table-undo = 取り消し

## home
home-continue = ゲームに戻る：{ $players }

## table
table-round = 第{ $round }ラウンド
table-turn = { $turn } / { $turns }ターン

## charts
charts-parts = { $player }：項目ごとの平均点
charts-per_month = 月ごとのゲーム数
charts-player = プレイヤー：
charts-time_share = テーブル時間に占める割合
charts-totals = { $player }：合計点の推移
charts-win_rate = 勝率

## detail
detail-correct_help = 得点を直すには数字を入力してEnter：修正はゲームの記録に追加されます。
detail-delete = このゲームを削除
detail-no_log = このゲームの操作記録を読めません。
detail-notes = メモ
detail-notes_placeholder = おやつ担当、ハウスルールなど
detail-unsaved = まだ保存されていません: { $what }。残すにはセルでEnter（メモは保存）を押してください。保存せずに戻るには、もう一度「戻る」を押してください。
detail-replay = リプレイ
detail-step = 操作 { $step } / { $total }
detail-timeline = ラウンドごとの時間

## history
history-abandoned = 中断
history-all_games = すべてのゲーム
history-export_backup = バックアップ
history-export_bgstats = BG Statsファイル
history-export_csv = CSV
history-from = { $example } から
history-minutes = { $minutes }分
history-search = プレイヤーを検索
history-shown = { $shown }件を表示
history-tab_charts = グラフ
history-tab_games = ゲーム
history-tab_players = プレイヤー
history-to = { $example } まで
history-bad_date = 「{ $text }」は日付ではありません。{ $example } または { $iso } の形で入力してください
history-undo_delete = 削除を取り消す
history-winner = 勝者：{ $names }

## notice
notice-corrected = 修正を記録し、得点を計算し直しました。
notice-deleted = ゲームを削除しました。「削除を取り消す」で元に戻せます。
notice-exported_left_out = { $games }件を { $path } に書き出しました。ファイルが壊れている{ $left }件は含めていません: { $ids }。
notice-exported = { $games }ゲームを { $path } に書き出しました
notice-notes_saved = メモを保存しました。
notice-renamed = { $games }ゲームで{ $from }を{ $to }にしました。

## players
players-average = 平均
players-best = 最高
players-head_to_head = 対戦成績：
players-name = プレイヤー
players-new_name = 新しい名前（既存の名前なら統合）
players-plays = 回数
players-rename = 名前を変更・統合
players-rename_help = 入力ミスで記録が分かれたら、正しい名前を入力して統合できます。
players-share = 時間割合
players-turn = 手番平均
players-win_rate = 勝率
players-wins = 勝利

## round_end
round_end-objective_short = ラウンド目的

## history
history-save_as = バックアップを保存…
history-import = バックアップを読み込む…

## notice
notice-importing = 読み込み中：{ $done }ゲーム（ファイルの{ $percent }%）

## colour
colour-orange = 橙
colour-pink = 桃
colour-grey = 灰

## error
error-not_in_this_game = このゲームには「{ $action }」がありません。

## play_action
play_action-end_round = ラウンド終了ボタン（ラウンドは自動で終わります）
play_action-trigger = ゲーム終了の条件
play_action-turn_order = プレイ中の手番順の変更

## error
error-already_triggered = ゲーム終了はすでに発生しています。このラウンドが最後です。
error-bad_turn_order = 手番順には{ $players }人全員を1回ずつ並べてください。
error-turn_order_locked = 手番順を変えられるのはラウンド最初の手番が終わる前だけです。
error-tie_by_turn_order = 「{ $breaker }」は入力値ではなく、記録している手番順で決まります。手番順を設定してください（最終ラウンドの後なら最終の手番順）。
error-tie_reads_part = 「{ $breaker }」は得点表の「{ $part }」から読み取ります。そちらに入力してください。同点用に別に入力した値は数えません。
error-no_tie = 「{ $breaker }」は、あなたの合計点がほかのプレイヤーと同点のときだけ入力します。
error-not_opponents_part = { $opponent }は「{ $part }」を得点しません。
error-unknown_counter = このゲームに「{ $counter }」というカウンターはありません。
error-counter_below_min = { $counter }は{ $value }です。{ $min }より下にはできません。
error-unknown_ending = 「{ $ending }」はこのゲームの終わり方ではありません。
error-ending_needed = ゲームの終わり方を選んでください。
error-entry_needs_counts = { $part }には{ $count }個の数を入力します。
error-entry_needs_number = { $part }には数を1つ入力します。
error-entry_needs_whole = { $part }は個数です。小数は使えません。
error-entry_too_large = { $part }: この数は大きすぎて合計できません。
error-entry_above_most = { $part }：ルールブックでは最大{ $most }です。
error-dummies_for_players = { $part }：{ $players }人プレイでは、ルールブックで順位に入れる無人プレイヤーは最大{ $most }人です。
error-dummies_given = { $part }：{ $players }人プレイでは、ルールブックで順位に入れる無人プレイヤーは{ $count }人です。このシートには{ $given }人あります。
error-entry_negative = { $part }は0未満にできません。
error-entry_not_typed = { $part }は入力ではなく、獲得したプレイヤーを選びます。
error-too_many_dummies = { $part }: 無人プレイヤーは{ $max }人までです。
error-unknown_card = { $part }のカードは{ $cards }枚です。{ $card }枚目はありません。
error-claimed_twice = { $part }の同じカードにプレイヤー{ $seat }が2回います。
error-too_many_claims = { $part }はカード1枚につき{ $slots }枠です。

## setup_error
setup_error-no_side = { $name }の陣営を選んでください。
setup_error-empty_side = { $side }を担当するプレイヤーがいません。
setup_error-side_count = { $side }を担当できるのはちょうど{ $players }人です（今は{ $got }人）。

## plain
plain = { $text }

## home
home-games = ゲーム

## editor
editor-actions = 1ラウンドの1人あたりの手番数
editor-first_turns = 第1ラウンドの1人あたりの手番数
editor-decrement = ラウンドごとに減る手番数
editor-rounds = ラウンド数
editor-add_breaker = タイブレークを追加
editor-add_counter = カウンターを追加
editor-add_part = 項目を追加
editor-bad_number = { $field }：「{ $value }」は使える数ではありません。
editor-breaker_name = タイブレークの基準（例：手札の枚数）
editor-cancel = キャンセル
editor-copy_of = { $name }（コピー）
editor-counter_name = カウンター名
editor-counter_no_name = カウンター{ $counter }に名前がありません。
editor-counters = 卓で管理するカウンター
editor-end_text = 終了条件
editor-end_text_hint = 例：全ワーカー配置
editor-highest = 合計が最も高い人が勝ち
editor-lowest = 合計が最も低い人が勝ち
editor-id = ID（ファイル名）
editor-id_hint = 空欄なら名前から作ります
editor-invalid = このゲームは保存できません：{ $error }
editor-max = 最大
editor-min = 最小
editor-start = 初期値
editor-name = ゲーム名
editor-no_name = ゲーム名を入れてください。
editor-part_name = 得点表の項目名
editor-part_no_name = 得点表の項目{ $part }に名前がありません。
editor-parts = 得点表
editor-players = 人数
editor-players_max = 最大人数
editor-players_min = 最少人数
editor-prefer_earlier = 手番順が先
editor-prefer_less = 少ない方
editor-prefer_more = 多い方
editor-reorder = 毎ラウンド手番順を決め直す
editor-save = ゲームを保存
editor-unsaved = このゲームの変更は保存されていません。残すには「ゲームを保存」を、破棄するにはもう一度「キャンセル」を押してください。
editor-shipped_id = 「{ $id }」は同梱ゲームのIDです。別のIDにしてください。
editor-sides_kept = 勝つのは陣営です。陣営と終わり方はコピー元のままです。
editor-tie_chain = 同点の場合、上から順に比べます（それでも同点なら共同勝利）：
editor-title = { $name }を編集
editor-title_new = 新しいゲーム
editor-turns = 手番
editor-winner = 勝者

## games
games-copy = コピー
games-edit = 編集
games-export = 書き出し…
games-hint = 同梱ゲームはコピーして変更します。自作ゲームはデータフォルダのprofiles/に保存されます。
games-import = 読み込み…
games-new = 新しいゲーム
games-own = 自作
games-shipped = 同梱
games-title = ゲーム

## kind
kind-bonus = 一度きりのボーナス
kind-claims = 獲得順の報酬
kind-count = 個数×重み
kind-entered = 得点を入力
kind-penalty = 1つごとの減点
kind-per_n = N個で1点
kind-rank = プレイヤー間の順位
kind-track = 初期値のあるトラック

## param
param-bonus = 点
param-cards = 枚数
param-counts = 数えるもの（カンマ区切り）
param-penalty = 1つごとの減点
param-per = 何個で1点
param-rank_points = 順位ごとの点（8, 5, 2）
param-slots = 獲得順の点（15, 11, 8）
param-start = 初期値
param-weight = 1つあたりの点

## notice
notice-game_exported = { $name }を{ $path }に書き出しました。
notice-game_imported = { $name }を「{ $id }」として読み込みました。セットアップで選べます。
notice-game_saved = { $name }を保存しました（{ $path }）。セットアップで選べます。
notice-profile_unread = 読めなかったゲームファイルがあります（そのまま残しています）：{ $problem }

## play
play-alternating = { $side }は他のプレイヤーの手番の間に毎回手番を行います。
play-card = カード{ $card }
play-counter_range = { $min }〜{ $max }
play-counter_range_end = { $min }〜{ $max }、{ $end }でゲーム終了
play-counters = カウンター
play-dummies = 無人プレイヤーの値（例：3, 5）
play-end = 終了
play-end_now = ゲーム終了
play-end_round = ラウンド終了
play-ended_by = { $ending }（勝者：{ $side }）
play-finish_after_end = ゲームが終わると履歴に保存できます。
play-last_round = 終了条件が満たされました。このラウンドが最後です。
play-no_winner_yet = まだ勝者はいません（ゲーム中）。
play-order = 手番順
play-over = ゲーム終了
play-per_n = { $per }個で1点（切り捨て）
play-reorder_hint = ラウンド最初の手番が終わる前に◀で手番順を変えられます。
play-round_start = ラウンド開始時
play-round_of = ラウンド { $round }/{ $rounds }
play-sheet = 得点表
play-tie_breaker = 同点時：{ $name }
play-final_order = 最終の手番順（同点はこの順で決着）
play-trigger = 終了条件を満たした
play-turn = 手番 { $turn }

## setup
setup-sheet_parts = 得点表：{ $parts }
setup-side = 陣営：
setup-turns_fixed = { $rounds }ラウンド、1ラウンドに各{ $actions }手番
setup-turns_shrinking = { $rounds }ラウンド、第1ラウンド各{ $first }手番、毎ラウンド{ $decrement }減
setup-turns_trigger = 終了条件まで：{ $trigger }
setup-turns_until = { $rounds }ラウンド（各ラウンドの終わりは卓が決めます）

## structure
structure-alternating = 陣営交互：一方が相手の各プレイヤーの間に手番
structure-fixed_rounds = 固定ラウンド
structure-rounds_until = 卓が終わりを決めるラウンド
structure-shrinking_rounds = 短くなるラウンド
structure-until_trigger = 終了条件まで（そのラウンドは最後まで）

## detail
detail-ended_by = 終了：{ $ending }

## word
word-part = 項目
word-side = 陣営
word-ending = 終わり方
word-counter = カウンター

## problem
problem-empty_id = 空のIDがあります
problem-twice = { $what }「{ $id }」が2回あります
problem-no_parts = 得点のある得点表には項目が1つ以上必要です
problem-negative_weight = 重みは負にできません（減点は「1つごとの減点」にします）
problem-negative_penalty = 減点は引く点数で書きます（0未満にしません）
problem-per_n = 「何個で1点」は1以上、数えるものは1つ以上必要です
problem-rank_points = 順位ごとの点が必要です
problem-claims = カード1〜1000枚と獲得順の点が必要です
problem-most = `most` は数える項目（count か penalty）にだけ、1以上で指定できます
problem-dummies = `dummies` は順位を付ける項目にだけ指定できます
problem-cycle = タイブレークの連鎖が「{ $id }」に戻っています（循環）
problem-two_sides = 陣営戦には2つ以上の陣営が必要です
problem-no_endings = ゲームの終わり方を書いてください
problem-not_a_side = 「{ $side }」は陣営ではありません
problem-not_a_counter = 「{ $counter }」はこのゲームの別のカウンターではありません
problem-side_players = 陣営の人数は1人以上、ゲームの最大人数以下にしてください
problem-opponent = ゲーム自身が担当する相手は、得点で勝敗を決めるゲームで、1人以上の対戦相手が必要です
problem-not_a_part = 「{ $part }」は得点表の項目ではありません
problem-format = 「{ $format }」である必要があります
problem-newer = { $found }はこの版が読める版（{ $supported }）より新しいです
problem-player_range = 最少人数は1以上、最大人数以下にしてください
problem-too_many_players = マーカーは最大{ $max }人分です
problem-no_name = ゲーム名が必要です
problem-empty_round = どのラウンドにも1手番以上必要です
problem-rounds_and_actions = ラウンド数と手番数は1以上にしてください
problem-rounds = ラウンド数は1以上にしてください
problem-counter_range = 最小 ≤ 初期値 ≤ 最大 にしてください
problem-end_outside = 終了値は最小と最大の間にしてください
problem-not_an_ending = 「{ $ending }」はこのカウンターで迎えるこのゲームの終わり方ではありません

## profile_error
profile_error-too_large = プロフィールは{ $size }バイトです。{ $max }バイトを超えるものは読みません
profile_error-parse = プロフィールが正しくありません：{ $message }
profile_error-field = プロフィールの `{ $field }` が正しくありません：{ $problem }

## editor
editor-counter_range = { $counter }：最小 ≤ 初期値 ≤ 最大 にしてください。

## setup
setup-player_count = { $min }〜{ $max }人用。席順は上から時計回りです。

## narrate
narrate-first_habitat = 最初の生息地: { $habitat }
narrate-objective = 第{ $round }ラウンドの目的: { $label }
narrate-initial_roll = ダイスを振ってボックスへ（{ $by }）: { $faces }
narrate-reroll = 使用済みダイスを振り直し（{ $by }）: { $faces }
narrate-by_table = テーブル
narrate-by_app = アプリ
narrate-start = ゲーム開始
narrate-next_turn = 手番終了
narrate-time_up = 時間切れ：砂時計がターンを終えました
narrate-pause = 時計を一時停止
narrate-resume = 時計を再開
narrate-take_die = { $resource }を獲得（ダイス{ $die }）
narrate-take_die_by = { $player }が{ $resource }を獲得（ダイス{ $die }）
narrate-settle = { $player }が{ $card }を{ $habitat }に定着
narrate-steal = { $player }が{ $card }で{ $target }のニッチを奪う
narrate-steal_paid = { $player }が{ $card }で{ $target }のニッチを奪う（卵{ $eggs }個を支払い）
narrate-add_egg = { $card }に卵を1個
narrate-remove_egg = { $card }から卵を1個戻す
narrate-tuck = { $card }の下にカードを差し込む
narrate-discard = { $card }を捨てる
narrate-develop = { $player }が{ $habitat }を開拓
narrate-environment = 能力で環境カードを発動
narrate-environment_named = 能力で環境カード「{ $card }」を発動
narrate-results = ラウンド目的の結果: { $results }
narrate-return_eggs = すべての生きものが卵を1個戻す
narrate-flip = 親が環境カードをめくる
narrate-flip_named = 親が環境カード「{ $card }」をめくる
narrate-pass_parent = 親マーカーが次へ
narrate-score = スコアシート: { $player }の{ $part } = { $value }
narrate-score_cleared = スコアシート: { $player }の{ $part }を消去

## table
table-this_turn = この手番
table-this_turn_empty = この手番の記録はまだありません。
table-environment = 環境カードを発動
table-environment_changed = 環境が変化しました: 環境変化時の能力をもつ生きものは、マーカーが載っているプレイヤーが今、能力を使えます。
table-paused_mark = 一時停止中
table-last_turn_mark = ラウンド最終ターン

## sheet
sheet-finish_again = もう一度押すと終了します（履歴に保存）

## glance
glance-turns_left = このラウンドは、このターンのあと{ $more }ターン
glance-last_turn_of_round = このラウンドの最後の手番
glance-between_turns = 手番の合間
glance-over_target = 手番の目安時間を超えています
glance-leave = テーブル表示を閉じる（T）
glance-enter = テーブル表示（T）

## help
help-table_view = テーブル表示：誰の手番かを画面いっぱいに

## setup
setup-target = 手番の目安時間
setup-target_none = なし
setup-target_minutes = { $minutes }分
setup-target_sound = 手番が目安時間に達したらチャイム

## settings
settings-sound = 手番が目安時間に達したらチャイム

## notice
notice-no_chime = チャイムを鳴らせませんでした（{ $error }）。目安時間を過ぎると時計は引き続きオレンジになります。

## editor
editor-bgg_id = BoardGameGeek ID
editor-bgg_id_hint = BGGのアドレスにある番号（不明なら空欄）

## detail
detail-bgstats = BG Stats
detail-bgstats_title = このプレイをBG Statsに記録
detail-bgstats_help = BG Statsの入ったスマートフォンでコードを読み取ると、日付・プレイヤー・得点・勝者・メモが入ったプレイが開きます。確かめて保存してください。リンクをコピーしてBG Statsのある端末で開くこともできます。
detail-bgstats_copy = リンクをコピー
detail-bgstats_copied = コピーしました。
detail-bgstats_too_long = このプレイはQRコードに収まりません。リンクをコピーしてください。

## history
history-logged = 記録しました:
history-added_before = このシートはすでに履歴にあります（ゲーム { $id }）。何も追加していません。同じ数字の別のゲームなら --again を付けて追加してください。

## past
past-not_whole = { $player }: { $part } は整数の点数で入力してください。
past-long_notes = メモが{ $max }文字を超えています。短くしてください。

## history
history-on_paper = 紙の記録
history-log_past = 過去のゲームを記録

## past
past-title = 過去のゲームを記録
past-when = 遊んだ日時
past-when_forms = { $example } または { $iso } の形
past-players = プレイヤー（スタートプレイヤーから）
past-name = 名前
past-add_player = + プレイヤー
past-remove_player = − プレイヤー
past-ending = 終わり方
past-notes = メモ
past-to_sheet = 得点表へ ▶
past-back = ◀ ゲームとプレイヤー
past-save = 履歴に保存
past-cancel = キャンセル
past-bad_date = 「{ $text }」は日時ではありません。{ $example } または { $iso } の形で入力してください。
past-future = まだ来ていない日時です。過去のゲームは今より前に遊んだものです。
past-no_date = シートにゲームを遊んだ日時がありません。"played_at" を "2026-11-14T19:30:00Z" のように加えてください。
past-choose_side = 全員の陣営を選んでください。
past-choose_ending = ゲームの終わり方を選んでください。
past-not_scored = まだ得点を計算できません：{ $reason }

## notice
notice-logged = 履歴に記録しました。

## settings
settings-history_dir = 履歴フォルダー
settings-history_choose = フォルダーを選ぶ…
settings-history_own = この端末のフォルダーに戻す
settings-history_help = グループの端末で1つの履歴を使うには、同期アプリ（Syncthing、Nextcloud、Dropbox）やネットワーク共有で各端末に同じ内容が保たれるフォルダーを、各端末で選んでください。各端末はその中に自分のファイルだけを書きます。
settings-history_moved = 履歴は { $dir } にあります（{ $games }ゲーム）。
settings-history_pinned = この起動では履歴フォルダーが指定されています（--history-dir または TABLEKEEPER_HISTORY_DIR）。新しいフォルダーは指定なしで次に起動したときから使われます。
settings-history_missing = 履歴フォルダー { $dir } が見つかりません（同期フォルダーが未接続？）。戻るまでこの端末の履歴を開いています。

## problem
problem-recommended_range = 推奨人数は最少〜最大人数の範囲内にしてください

## setup_error
setup_error-profile = このゲームのプロファイルは使えません：{ $problem }

## phone
phone-done = 次の手番へ ▶
phone-pause = 一時停止
phone-resume = 再開
phone-cannot_save = テーブルが保存できません（ディスクがいっぱいかもしれません）。保存できるようになるまで何も記録されません。{ $error }
phone-restarted = テーブルが再起動しました：時計は一時停止中です
phone-why_ask_gone = その申し出はもう終わっています（取り下げられたか、答えが出ました）。
phone-why_bad_action = 今はそのカードの操作はできません。
phone-why_bad_choice = その選択肢はありません。
phone-why_bad_entry = ここにはその値を入力できません。
phone-why_bad_join = 名前（24文字まで）を入力し、色を選んでください。
phone-why_hidden_char = 名前に { $char }（画面に何も表示されない文字。貼り付けた名前によく入っています）が含まれています。名前を入力し直してください。
phone-why_stacked_marks = 名前の1文字に記号が重なりすぎています。記号を減らして入力し直してください。
phone-why_look_alike = その名前はここにいる別のプレイヤーの名前と見た目が同じで、テーブルで見分けられません。別の名前（イニシャルを足すなど）にしてください。
phone-why_bad_phone = このページのIDが失われました。ページを再読み込みしてください。
phone-why_bad_step = その手順は今は行えません。
phone-why_busy = テーブルが混み合っています。少し待ってからもう一度タップしてください。
phone-why_closed = 受付は終わりました（テーブルは次へ進みました）。
phone-why_dropped = テーブルがこのスマホを外しました。もう一度席を選んでください。
phone-why_error = テーブルはそれを行えませんでした。もう一度お試しください。
phone-why_full = このゲームは満員です。観戦はできます。
phone-why_join = 先にゲームに参加してください。
phone-why_no_seat = このスマホは今、席を持っていません。もう一度席を選んでください。
phone-why_no_such_seat = このテーブルにその席はありません。
phone-why_not_host = それができるのはホストのスマホだけです。
phone-why_not_ready = まだ全員の準備ができていません。
phone-why_not_your_turn = あなたの手番ではありません。
phone-why_not_yours = それは別のプレイヤーが確定します。
phone-why_refused = テーブルはこのスマホにその席を渡しませんでした。
phone-why_stale = その間にテーブルが変わりました。確かめてもう一度タップしてください。
phone-why_taken = その席は別のスマホが使っています。使われていなければ、テーブルで外してもらってください。
phone-why_too_fast = タップが届きませんでした。もう一度タップしてください。
phone-why_too_many_asks = テーブルに席を求めているスマホが多すぎます。少し待ってからもう一度どうぞ。
phone-why_too_many_phones = このネットワークからつながっているスマホが多すぎます。テーブルで1台外してもらってください。
phone-why_too_many_seats = このスマホはこのゲームですでに席を持っています。
phone-why_too_slow = タップの到着に時間がかかりすぎました。もう一度タップしてください。
phone-why_too_soon = 少し待ってからもう一度一時停止してください。
phone-pick_seat = あなたの席はどれですか？
phone-display = 見るだけ（テーブル表示）
phone-your_turn = あなたの手番
phone-your_time = あなたの時間
phone-this_turn = この手番
phone-reconnecting = 接続が切れました。再接続しています…
phone-taken = その席は別のスマホが使っています。使われていなければ、テーブルで外してもらってください。
phone-dropped = テーブルがこのスマホを外しました。もう一度席を選んでください。
phone-no_wake = このブラウザではここで画面を点けたままにできません。遊ぶ間は画面の消灯時間を長くしてください。
phone-change_seat = 席を変える
phone-change_seat_again = もう一度押すと席を離れます
phone-over_target = 手番の目安時間を超えています
phone-held = 使用中
phone-paused = 一時停止中
phone-doing_setup = テーブルはゲームの準備中です。
phone-doing_between = テーブルは手番の合間です。
phone-doing_round_end = 第{ $round }ラウンド終了：テーブルはラウンド終了の手順中です。
phone-doing_over = ゲーム終了：各自が自分の得点を記入します。全員の準備ができたらゲームを終了します。
phone-ask = これは tablekeeper のテーブルです。テーブルのコードを読み取ってください。コードはテーブルの画面に表示されています。
phone-step_objective = 第{ $round }ラウンド終了：ラウンド目的の順位を決めています。
phone-step_eggs = 第{ $round }ラウンド終了：配置済みの生きものが卵を1つずつ戻します。
phone-step_environment = 第{ $round }ラウンド終了：親が環境カードをめくります。
phone-step_parent = 第{ $round }ラウンド終了：親マーカーが時計回りに移ります。

## phones
phones-button = スマホ
phones-title = テーブルのスマホ
phones-switch = スマホの参加を受け付ける
phones-help = 各プレイヤーはスマホのカメラでコードを読み取り、自分の席を選んで、自分の手番をそこで終えます。アプリもアカウントも不要です。スマホはこのパソコンと同じネットワークにつないでください。
phones-off_help = オフ：ネットワークでは何も待ち受けていません。
phones-address = または次を開く：{ $url }
phones-none = まだスマホは参加していません。
phones-seat = { $player }のスマホ
phones-watching = テーブル表示
phones-drop = 外す
phones-plain_http = ローカルネットワーク上の暗号化されていない HTTP です。このネットワークの通信を読める人はスマホとして操作できます。信頼できるネットワークで使ってください。
phones-no_network = このパソコンにはネットワークのアドレスがありません。スマホからはつながりません。
phones-failed = スマホを有効にできませんでした：{ $error }
phones-close = 閉じる

## phone
phone-outside_network = このテーブルは同じローカルネットワークのスマホにだけ応答します。テーブルと同じ Wi-Fi につないでください。
phone-scan_again = テーブルが新しいコードを作りました。このアドレスはもう使えません。テーブルのコードをもう一度読み取ってください。
phone-replaced = この席はこのスマホの別のタブかウィンドウで開かれています。
phone-use_here = ここで使う
phone-too_soon = 少し待ってからもう一度一時停止してください。
phone-sending_again = 混み合っています。もう一度送信しています…
phone-not_sent = タップが届きませんでした。もう一度タップしてください。

## phones
phones-new_code = 新しいコード
phones-new_code_help = 新しいコード：古いアドレスはすぐに使えなくなり、すべてのスマホが読み取り直します。「外す」は席を1つ空けるだけで、そのスマホはまた席を選べます。
phones-new_code_done = 新しいコードを作りました。すべてのスマホで読み取り直してください。
phones-any_network = ローカルネットワーク外のスマホ（VPN、公開アドレス）にも応答する
phones-took_seat = { $player }のスマホが参加しました。
phones-changed_seat = スマホが{ $from }の席から{ $to }の席に移りました。
phones-left_seat = { $player }のスマホが席を離れました。
phones-asks = スマホ（{ $address }）が{ $player }の席を求めています。
phones-let = 許可する
phones-refuse = 断る
phones-ask_gone = そのスマホはもう席を求めていません（取り下げたか、別のスマホがその席に着きました）。

## phone
phone-asking = この席を使えるようテーブルに頼んでいます。テーブルのコンピューターで「許可する」を押してもらってください。
phone-refused = テーブルはこのスマホにその席を渡しませんでした。
phone-too_many_asks = テーブルに席を求めているスマホが多すぎます。少し待ってからもう一度どうぞ。
phone-entry_closed = 受付は終わりました（テーブルは次へ進みました）。
phone-entry_changed = この値はテーブルで変更されました。テーブルの値が優先されます。
phone-entry_table_only = この項目はテーブルで入力します。
phone-entry_table_value = この値はテーブルで入力されました。変えられるのはテーブルだけです。テーブルに頼んでください。
phone-result = あなたの結果
phone-result_on = ラウンド目的「{ $label }」のあなたの結果
phone-result_round = ラウンド{ $round }の目的のあなたの結果
phone-your_result = あなたの結果
phone-your_column = あなたの得点
phone-total = 合計
phone-ready = 入力完了
phone-not_ready = 入力を修正する
phone-ready_note = 完了にしました。全員の列が完了すると、誰のスマホからでもゲームを終了できます。
phone-computed = アプリの集計: { $value }
phone-by_table = テーブルで入力
phone-table_only = テーブルで入力します
phone-saving = 保存中…
phone-saved = 保存しました

## narrate
narrate-enter_result = ラウンド目的: { $player }が{ $value }を入力
narrate-result_cleared = ラウンド目的: { $player }の結果を消去
narrate-ready = スコアシート: { $player }が入力完了
narrate-not_ready = スコアシート: { $player }が入力完了を取り消し

## round_end
round_end-from_phone = スマホから
round_end-waiting = 未入力: { $names }

## step
step-said = { $said }

## setup
setup-phones_help = 各プレイヤーがスマホでコードを読み取り、自分の名前と色で参加します。席はここに表示され、ここからでも変更できます。
setup-phones_joined = { $count }台のスマホが参加
setup-has_phone = スマホ

## phone
phone-saved_game = ゲームを保存しました。勝者：{ $winners }。{ $totals }
phone-lobby_unnamed = ゲームを始めるには、すべての席に名前が必要です。
phone-first_habitat = 最初の生息地（トレイから）
phone-join_title = ゲームに参加
phone-your_name = あなたの名前
phone-your_colour = あなたの色
phone-join = 参加する
phone-start = ゲームを始める
phone-joined = 参加しました。ゲームはどのスマホからでも、テーブルのコンピューターからでも始められます。
phone-lobby_players = テーブルの顔ぶれ
phone-full = このゲームは満員です。
phone-doing_between_games = テーブルにはまだゲームがありません。

## round_end
round_end-confirm_anyway = もう一度押すとマーカーを置きます（{ $names }は0）

## phone
phone-step_by = { $player }が自分のスマホで、またはテーブルがコンピューターで確定します。
phone-step_waiting = まだ未入力：{ $names }。いま確定すると0として数えます。
phone-finish = ゲームを終了
phone-finish_again = もう一度押すとゲームを終了して保存します
phone-confirm_again = もう一度押して確定
phone-abandon = ゲームを中断
phone-abandon_confirm = 確定：ゲームを中断する
phone-abandon_keep = 続ける
phone-abandon_wait = ほかのプレイヤーが自分のスマホで確定します。
phone-abandon_alone = ひとりだけですか？もう一度押すと中断します
phone-abandon_asked = { $player }さんがこのゲームの中断を求めています。
phone-abandon_alone_wait = { $seconds }秒待ってから、もう一度押すとひとりで中断できます。
phone-abandon_needs_another = ほかのプレイヤーが自分のスマホで確定します。ふたりが同意するとゲームは中断されます。
phone-offline_name = { $player }（オフライン）
phone-late_result = ラウンド{ $round }の終了時に{ $player }さんのスマホはオフラインだったため、結果は0として数えられました。後から届いた結果は{ $value }です。{ $to }さんのスマホで0の代わりに入れられます。
phone-late_add = 0の代わりに{ $player }さんの{ $value }を入れる
phone-late_sent = 結果はラウンド終了の確定後に届きました。親のスマホに追加を頼んでいます。
phone-step_stand_in = { $player }さんのスマホが{ $seconds }秒以上つながっていません。代わりにこのスマホでラウンド終了を確定できます。
phone-fill_for = { $player }さんのスマホはオフラインです。ここでその列を記入できます。このスマホが記入したものとして記録されます。
phone-vouched = { $by }さんが{ $player }さんの列を完了にしました。別のプレイヤーのスマホか{ $player }さん本人のスマホが確認すると完了になります。
phone-vouch_confirm = { $player }さんの列を確認
phone-vouch_waiting = 別のスマホの確認を待っています
phone-table_free_in = 卓にいるプレイヤーのスマホがありません。あと{ $time }で、リンクを持つどのスマホでも席に着けます。
phone-table_free = しばらく卓にプレイヤーのスマホがありません。リンクを持つどのスマホでも今すぐ席に着けます。
phone-grace_left = { $player }さんのスマホはオフラインです。あと{ $time }は卓にいるものとして扱います。
phone-end_title = ゲームはどう終わりましたか？
phone-late_friend = ゲームはもう始まっています。参加するには、席のあるプレイヤーに「ゲームを中断」を押してもらってください。ほかのプレイヤーが確定すると、準備した内容はそのままで参加画面に戻り、そこで参加できます。

## phones
phones-late_result = { $player }さんのラウンド{ $round }の結果（{ $value }）が遅れて届きました。親のスマホで追加できます。

## narrate
narrate-late_result = { $player }さんのラウンド{ $round }の遅れた結果を追加：{ $value }

## step
step-result = { $player }：{ $result } ▶ { $place }・{ $points }点
step-egg_lost = { $creature }：{ $from } ▶ { $to }

## sheet
sheet-all_ready = 全員入力完了: { $ready }
sheet-readiness = 入力完了: { $ready } ・ 未完了: { $waiting }
sheet-finish_not_ready = { $names }はまだ入力完了していません。もう一度押すと終了します

## error
error-not_your_turn = 自分の手番のときだけです。
error-not_your_card = { $card }は他のプレイヤーのカードです。

## word
word-creature_cards = 生きものカード

## phone
phone-my_cards = あなたのカード
phone-no_cards = あなたの生きものカードはまだ場にありません。
phone-eggs = 卵 { $eggs }/{ $limit }
phone-tucked = 差し込み { $tucked }
phone-add_egg = +卵
phone-remove_egg = −卵
phone-tuck = 差し込む
phone-settle_title = 生きものカードを棲まわせる
phone-card_name = カード名
phone-smiles = スマイル
phone-egg_limit = 卵の上限
phone-level = レベル
phone-habitat_1 = 生息地
phone-habitat_2 = 2つ目の生息地
phone-none = —
phone-place = 置き場所
phone-settle = カードを置く
phone-settle_in = { $habitat }に棲まわせる
phone-steal_in = { $card }（{ $owner }、{ $habitat }）のニッチを奪う
phone-develop_title = 生息地を開拓する
phone-card_missing = カード名・スマイル・卵の上限を入力してください。
phone-steal_cost = 人{ $humans }つと卵{ $eggs }個が必要
phone-steal_own = 自分のカード: 追加コストなし

## notice
notice-stopped_running = 時計が動いている間にアプリが止まりました。進行中の手番は最後の操作から{ $counted }秒（{ $at }まで）を数えました。その後の時間（最大{ $lost }秒）は数えられません。時計は一時停止中です。

## setup
setup-clock = 時計
setup-clock_count_up = カウントアップ
setup-clock_bank = 持ち時間
setup-clock_sand = 砂時計
setup-bank_size = 各プレイヤーの持ち時間
setup-per_turn = 手番ごと
setup-extra_none = 加算なし
setup-increment = 終了時に+{ $secs }秒
setup-delay = 最初の{ $secs }秒は減らない
setup-handicap = ハンデ：
setup-player_n = プレイヤー{ $n }
setup-minutes_short = 分
setup-bank_help = 持ち時間は自分の手番の間だけ減ります。ハンデで個別に増減できます。0になるとテーブルに知らせ、超過時間を数え続けます。
setup-seconds = { $secs }秒
setup-sand_length = 毎手番
setup-sand_ends = 0になったら手番を自動で終える（しない場合は知らせるだけ）

## glance
glance-out_of_time = 時間切れ
glance-mode_bank = 持ち時間{ $minutes }分 ・ { $extra }
glance-mode_sand = 砂時計{ $secs }秒
glance-mode_sand_ends = 砂時計{ $secs }秒 ・ 0で手番終了

## setup_error
setup_error-clock = この時計の設定は使えません: { $problem }

## mode_error
mode_error-empty = 持ち時間と砂時計は0秒より長くしてください
mode_error-too_long = 時計の値は1日を超えられません
mode_error-negative = 時計の値はマイナスにできません
mode_error-too_many_handicaps = { $players }人に対してハンデが{ $handicaps }個あります
mode_error-no_bank = 持ち時間が1分未満で始まるプレイヤーがいます

## phone
phone-out_of_time = 時間切れ
phone-bank_left = あなたの持ち時間

## cli
cli-clock_player = { $player }: { $left } ・ 時間切れ{ $timeouts }回 ・ 超過{ $over }
cli-clock_left = 残り{ $left }
cli-clock_out = 時間切れ
cli-undone_at = 取り消し（{ $at }）: { $said }
cli-undone = 取り消し: { $said }
cli-redone_at = {" "}・ やり直し（{ $at }）

## glance
glance-mode_bank_plain = 持ち時間{ $minutes }分

## error
error-table_time_on = テーブル時間は手番中だけです（すでに計測中の場合もあります）。
error-table_time_off = テーブル時間は計測していません。

## narrate
narrate-table_time_on = テーブル時間開始: 全員の時計を止めます
narrate-table_time_off = テーブル時間終了

## glance
glance-table_time = テーブル時間

## table
table-table_time = テーブル時間
table-table_time_end = テーブル時間を終える

## detail
detail-table_time = テーブル時間 { $table } ・ 一時停止 { $paused }（どのプレイヤーの時間にも含まれません）
detail-together = 第{ $round }ラウンド ・ 全員同時：{ $players }
detail-timeouts = { $player }: { $timeouts }手番で時間切れ、超過 { $over }

## error
error-together_on = 同時フェーズは手番中かラウンド終了時に始めます（すでに進行中の場合もあります）。
error-together_off = 同時フェーズは進行していないか、そのプレイヤーは完了済みです。

## narrate
narrate-together_on = 全員同時: 各自の時計は完了するまで進みます
narrate-together_off = 同時フェーズ終了
narrate-together_ready = { $player }が完了

## glance
glance-together = 全員同時 ・ 未完了: { $names }

## table
table-together = 全員同時
table-together_end = 同時フェーズを終える
table-together_ready = { $player } 完了

## phone
phone-together_ready = 完了
phone-together_waiting = 全員同時のフェーズです。完了するまであなたの時計が進みます。

## word
word-parent = 親
word-start_player = スタートプレイヤー

## table
table-starter = { $word }：{ $player }

## setup
setup-is_start = スタートプレイヤー
setup-make_start = スタートプレイヤーにする
setup-draw_start = スタートプレイヤーをランダムに決める

## play
play-ended = { $ending }。勝者：{ $side }（{ $names }）

## narrate
narrate-end_round = ラウンド終了
narrate-trigger = 終了条件を満たした：このラウンドが最後
narrate-turn_order = 手番順：{ $players }
narrate-counter = { $counter } { $change }：{ $value }に
narrate-end_game = ゲーム終了
narrate-end_game_by = ゲーム終了：{ $ending }
narrate-tie = タイブレーク：{ $player }、{ $breaker } = { $value }
narrate-claims = { $part }、カード{ $card }：{ $players }
narrate-bonus = { $part }：{ $player }
narrate-dummies = { $part }：無人プレイヤーの値 { $values }

## table
table-begins = { $player }から開始

## serve
serve-address = テーブルのアドレス：{ $url }
serve-in_use = 別の tablekeeper（ウィンドウか、別の serve）がすでにこのテーブルを管理しています：{ $path }。先にそちらを閉じてください。テーブルを管理できるのは一度に一つだけです。
serve-stopped = テーブルを閉じました。進行中のゲームは保存され、一時停止しています。
serve-resumed = テーブルで再開しました：{ $game }。
serve-not_resumed = 未終了のゲーム { $file } を再開できなかったため、そのままにしています：{ $error }
serve-started = 新しいゲームを始めます：{ $game }。
settings-unusable = 設定ファイルを読めなかったため、そのままにして既定の設定を使います：{ $error }
settings-newer = 新しい tablekeeper で書かれています（バージョン { $version }）
settings-not_settings = 設定ファイルではありません（format は「{ $format }」）
settings-damaged = 壊れています：{ $error }
settings-not_read = 読み込めませんでした：{ $error }
serve-profile_unread = 読めなかったゲームファイルがあります（そのまま残し、スマホには出しません）：{ $problem }
serve-settings_not_saved = 設定を保存できませんでした：{ $error }

## phone
phone-new_game_title = ゲームを準備する
phone-new_game_help = このテーブルはパソコンで管理されていません。ゲームを選ぶと、全員が自分のスマホから参加できます。
phone-unread_game = { $file } は選べません。ファイルはありますが読み込めません（{ $reason }）。
phone-undo = 取り消す
phone-redo = やり直す
phone-dice_title = ダイスボックス
phone-take_die = { $face }を取る
phone-die_used = 使用済み
phone-roll_first = ダイスを振る
phone-reroll = 使用済みのダイスを振り直す
phone-ask_line = スマホ（{ $address }）が{ $player }の席を求めています。
phone-let_it = 許可する
phone-refuse = 断る
phone-seat_given = あなたの席は別のスマホに渡されました。10分以内なら自分の席をタップすればすぐに取り戻せます。それ以降はタップするとテーブルに頼みます。
phone-past_title = 過去のゲーム
phone-past_winners = 勝者：{ $winners }
phone-past_bgstats = BG Statsに記録する
phone-past_back = 戻る
phone-past_total = 合計
phone-past_time = 時間
phone-enter_faces = 振ったダイスの目を入力
phone-die_n = ダイス{ $n }
phone-faces_ok = この目で記録する

## table
table-took_back = { $who }が取り消しました：{ $what }
table-put_back = { $who }がやり直しました：{ $what }
table-the_window = テーブル
table-an_action = 操作

## round_end
round_end-phone_confirms = 各ステップは{ $name }さんのスマホで確定します（ここで確定することもできます）。

## word
word-variant = バリアント

## problem
problem-not_a_variant = 「{ $variant }」はこのゲームのバリアントではありません
problem-breaker_part = タイブレーカーが読み取れるのは、プレイヤーごとに1つの数を持つ項目（個数・順位・入力した点・トラック）だけで、手番順と併用できません

## setup
setup-variants = バリアント

## detail
detail-played_with = 使用ルール：{ $variants }

## league
league-none = 順位が2つ以上ある終了したゲームがないため、レーティングはまだありません。
league-line = { $place }. { $name }  { $rating }（{ $games }ゲーム）
league-line_provisional = { $place }. { $name }  { $rating }（{ $games }ゲーム・暫定）

## history
history-tab_ratings = レーティング

## league
league-title = リーグ
league-explained = 終了したすべてのゲームを終了順にWeng-Lin（OpenSkill）で評価します。数値はレーティングから不確かさの3倍を引いたもの（ほぼ確実にこれ以上という実力）です。5ゲーム未満は暫定です。
league-over_time = { $player }さんのレーティングの推移

## phone
phone-seat_moved = { $player }さんの席が別のスマホに移りました
phone-why_other_seat = このスマホ（またはその別のブラウザ）はすでに席を持っています。2つ目の席はホストのスマホだけが許可できます。
phone-table_full = このテーブルは満席です（{ $players }人）：観戦できます
phone-game_switched = { $player }さんがゲームを{ $game }に変えました
phone-why_removed = ホストがこのスマホをこのゲームから外しました。また参加するにはホストに頼んでください。
phone-removed_note = ホストがこのスマホをこのゲームから外しました。観戦はできます。また参加するにはホストに頼んでください。
phone-move_up = 上へ
phone-move_down = 下へ
phone-remove_phone = 外す
phone-remove_again = もう一度タップで外す
phone-removed_title = このゲームから外したスマホ
phone-let_in = また参加させる
phone-draw_parent = スタートプレイヤーを抽選
phone-parent_mark = スタート
phone-switch_again = もう一度タップすると全員のゲームが変わります
phone-seat_given_asks = あなたの席は別のスマホに渡されました。もう一度頼むには席を選んでください。
phone-ask_line_shares = すでに{ $other }さんの席を持つスマホ（{ $address }）が{ $player }さんの席も頼んでいます。1台のスマホを2人で使う場合だけ許可してください。
phone-joined_alone = 参加しました。ゲームはどのスマホからでも始められます。
phone-asking_alone = この席を使えるようテーブルに頼んでいます。今その席のスマホが許可します。そのスマホが離れている間は、ほかのプレイヤーのスマホが許可します。
phone-choose_habitat = 上で最初の生息地を選んでください。そのあと誰でも開始できます。
phone-host_chooses_habitat = { $host }さんが自分のスマホで最初の生息地を選びます。
phone-step_by_alone = { $player }が自分のスマホで確定します。
phone-sheet_waiting = 待っています：{ $names }
phone-why_bad_label = タイルの言葉を入力してください（80文字まで）。
phone-objective_title = ラウンド{ $round }の目的タイル
phone-objective_set = 決定
phone-objective_placeholder = タイルに書かれている言葉

## history
history-line_abandoned = { $id }  { $date }  { $game }  { $length }  { $players }  · 中断

## tv
tv-scan = 読み取ってテーブルに参加
tv-players = テーブルの顔ぶれ
tv-host = ホスト
tv-waiting_for = 開始の前に：
tv-no_one_yet = 最初のプレイヤーがスマホから参加します。
tv-set_up_from_a_phone = 次のゲームはスマホから準備します。
tv-evening = 今夜のゲーム
tv-no_games_yet = まだ終わったゲームはありません。
tv-total = 合計
tv-answered = 回答済み
tv-not_answered = 未回答
tv-ready = 入力完了
tv-not_ready = 入力中
tv-game_over = 最終得点
tv-ready_to_start = 準備完了：プレイヤーのスマホからゲームを開始できます。
tv-parts_entered = { $of }項目中{ $entered }項目
tv-winner = 勝者：{ $winners }
tv-winners = 勝者：{ $winners }
tv-length = プレイ時間：{ $length }

## phone
phone-waiting_for = 待っています：{ $names }

## language
# The language's own name for itself, as Settings offers it.
language-name = 日本語

## check (tablekeeper check-translation)
check-syntax = { $line }行目：読めません：{ $text }
check-missing = 翻訳するもの：{ $id } = { $english }
check-extra = 英語にないメッセージ（表示されません）：{ $id }
check-drops = { $id }：{ $names } がありません
check-adds = { $id }：英語にない変数 { $names }
cli-check_summary = 未翻訳 { $missing }、余分 { $extra }、変数の違い { $variables }、読めない行 { $syntax }。
cli-no_such_language = 言語「{ $tag }」はありません。使える言語：{ $languages }。翻訳ファイルはデータディレクトリの locales/ フォルダに、言語タグの名前（fr.ftl）で置いてください。
cli-not_a_date = 「{ $text }」は 2026-11-21 のような日付ではありません
cli-tables_range = --tables には 2〜16 のテーブル数を指定します（「{ $text }」は指定できません。テーブルが1つなら --tables は不要です）
cli-no_data_dir_here = { $dir }：ここにデータディレクトリはありません
cli-unknown_game = ID「{ $game }」のゲームはありません。ゲームのID：{ $ids }
cli-no_history_dir_here = { $dir }：ここに履歴フォルダはありません


## phone
phone-order_title = 新しい手番順
phone-order_set = この手番順にする
phone-order_note = スタートプレイヤーのスマホ、または新しい順で最初になるプレイヤーのスマホで決めます。
phone-why_bad_order = その手番順には全員が一度ずつ入っていません。
phone-why_order_not_yours = 手番順を決められるのは、スタートプレイヤーのスマホか、新しい順で最初になるプレイヤーのスマホだけです。
phone-your_side = あなたの陣営：{ $side }
phone-why_end_not_yours = ゲームを終了できるのは、怪獣のスマホかホストのスマホだけです。
phone-opponent_column = { $opponent }の列：このスマホで記入します。

## serve
serve-venue_address = 会場のアドレス：{ $url }
serve-table_address = テーブル{ $table }のアドレス：{ $url }
serve-table_said = テーブル{ $table }：{ $said }

## venue
venue-title = 今夜のテーブル
venue-table = テーブル{ $table }
venue-free = 空き
venue-lobby = 参加受付中
venue-playing = プレイ中
venue-round_end = ラウンド終了
venue-sheet = 得点計算
venue-finished = 終了
venue-round = ラウンド{ $round }
venue-turn_of = { $name }の手番
venue-scan = 読み取って、テーブルを選んでください
venue-open_table = 開く：
venue-standings = 今夜の順位
venue-no_games_tonight = 今夜終わったゲームはまだありません。
venue-rating = { $rating }
venue-games = 評価対象のゲーム：{ $games }
venue-provisional = 暫定
venue-provisional_note = * 暫定：評価対象のゲームが{ $below }未満
venue-change = { $player }：{ $before }から{ $after }（{ $change }）
venue-rating_row = レーティング
venue-changes_title = このゲームの後のレーティング

## phone
phone-counters_title = カウンター
phone-counters_note = 手番のプレイヤーのスマホか、ホストのスマホで動かします。
phone-shared_title = テーブル共通の得点欄
phone-shared_note = ホストのスマホで入力します。すべてのスマホに表示されます。
phone-dummy = 無人プレイヤー
phone-bonus_none = なし
phone-claim_card = カード{ $card }
phone-why_counter_not_yours = カウンターを動かせるのは、手番のプレイヤーのスマホかホストのスマホだけです。
phone-why_shared_not_yours = テーブル共通の得点欄を入力できるのはホストのスマホだけです。

# --help and the man pages (src/cli/help.rs)
cli-help-about = ボードゲームの卓のおともに
cli-help-lang = 出力とウィンドウの言語（言語タグ：en、ja、de、またはデータフォルダーの locales/ にある翻訳ファイルのもの。既定：システムの言語）
cli-help-data_dir = データの場所（既定：$TABLEKEEPER_DATA_DIR、なければシステムのデータフォルダー）
cli-help-history_dir = 履歴の場所。同期サービスで複数の端末が共有できるフォルダー（既定：$TABLEKEEPER_HISTORY_DIR、なければデータフォルダーの `history/`）
cli-help-phones_listen = テーブルでスマホをオンにしたとき、スマホ用サーバーが待ち受けるアドレス（既定：すべてのインターフェース。127.0.0.1 ならこのコンピューターだけ）
cli-help-game = このゲームだけ（プロファイルID、例：terravist）
cli-help-player = このプレイヤーが遊んだゲームだけ
cli-help-from = この日から（YYYY-MM-DD）
cli-help-to = この日まで（この日を含む、YYYY-MM-DD）
cli-help-score-about = 保存したゲーム、ジャーナル、紙の得点表の得点表を表示します。
cli-help-score-file = 保存したゲーム、ジャーナル（`live/*.jsonl`）、または紙の得点表。
cli-help-score-long = どのゲームのものでも、そろえた表で表示します。カウントダウンの時計（持ち時間、砂時計）で遊んだゲームは、続けてモードと各プレイヤーの残り時間、時間切れの回数、超過時間を表示します。--json では "clock" オブジェクト（mode と、プレイヤーごとの name、left_ms、timeouts、over_ms）。
cli-help-score-json = 表の代わりに JSON で出力します。
cli-help-replay-about = 保存したゲームまたはジャーナルの各イベントと、その後のゲームの状態を表示します。
cli-help-replay-file = 保存したゲーム、またはジャーナル（`live/*.jsonl`）。
cli-help-replay-long = テーブルで取り消した（元に戻す）イベントは、その前の手順の下に、取り消した時刻と、やり直したかどうかとともに示します（ジャーナルはこれを残し、保存したゲームは残ったものだけを残します）。カウントダウンの時計で遊んだゲームは、続けて各プレイヤーの残り時間、時間切れの回数、超過時間を表示します。時刻は UTC です。
cli-help-history-about = 過去のゲームの履歴を一覧、表示、集計、書き出し、読み込み、記録します。
cli-help-check-translation-about = 翻訳（Fluent ファイル、`fr.ftl`）を英語と照らし合わせます。
cli-help-check-translation-file = 確認する Fluent ファイル。
cli-help-check-translation-long = 読めない行、英語にないメッセージ、メッセージが落としたり加えたりした変数（直すもの）を示し、続いて足りないメッセージを英語の文と並べて翻訳の予定表として示し（それまでは英語で表示）、それぞれの数を示します。直すものがあれば終了ステータスは 1 です。正しいが途中までのファイルは --strict がなければ 0 で終わります。翻訳ファイルはデータフォルダーの `locales/` フォルダーに、言語タグの名前（fr.ftl、pt-BR.ftl）で置きます。アプリは次の起動時にその言語を選べるようにします。
cli-help-serve-about = ウィンドウなしでテーブルを進めます：スマホ用サーバーだけを動かします。
cli-help-serve-long = つけたままの機械（Raspberry Pi、NAS）向けです。テーブルのアドレスと QR コードを表示します。各スマホがそれを開いてゲームを準備し、遊び、終え、テレビのブラウザーで観戦できます。アドレスは再起動しても変わりません。Ctrl+C か SIGTERM まで動き、止める前に動いている時計を一時停止します。データフォルダーを使えるのは一つだけです：ウィンドウと `serve` は同じフォルダーを共有しません。
cli-help-serve-listen = 待ち受けるアドレス（既定：すべてのインターフェース。127.0.0.1 ならこのコンピューターだけ）
cli-help-serve-port = 待ち受けるポート（既定：前回のポート、なければ 8787。使用中なら空いているポート）
cli-help-serve-tables = クラブの夜のために複数のテーブルを同時に進めます（2〜16）：会場のアドレス（そのポート）はすべてのテーブルと今夜の順位を表示し、テーブル n はポート + n で待ち受けます。指定しなければ、いつもどおりテーブルは一つです。
cli-help-serve-grace = テーブルから離れたスマートフォン（画面ロック、再読み込み）を、ほかの人が代わりに操作できるようになるまで在席とみなす秒数（既定: 120）。
cli-help-serve-free_after = 席を持つスマートフォンが一台もテーブルにいない状態が何秒続いたら、リンクを持つどのスマートフォンでも確認なしで席に着けるようにするか（既定: 300）。
cli-help-history-list-about = すべてのゲームを新しい順に、1ゲーム1行で表示します。
cli-help-history-list-long = 各行は、ゲームのID、開始日時（このコンピューターのタイムゾーンで、その言語の書き方）、ゲーム、長さ（紙から記録したゲームは「紙」）、各プレイヤーの合計、勝者です。ゲームを記録したことのない機械では何も表示しません。
cli-help-history-show-about = 1ゲーム：その行、得点表、メモを表示します。
cli-help-history-stats-about = プレイヤーごとの統計、直接対決、長さ、月ごとのプレイ数。
cli-help-history-stats-long = ゲーム数、平均の長さと手番の時間。プレイヤーごとのプレイ数、勝利数、勝率、平均・最高・最低の合計、手番の時間、テーブルの時間に占める割合。直接対決。月ごとのプレイ数。--json では各プレイヤーの得点表の欄ごとの平均も出力します。
cli-help-history-stats-json = テキストの代わりに JSON で出力します。
cli-help-history-ratings-about = リーグ：履歴から求めた各プレイヤーのレーティングを、高い順に表示します。
cli-help-history-ratings-long = 終わったすべてのゲームに、終わった順に Weng-Lin（OpenSkill）を適用します。各ゲームは順位による全員対全員です（同点は同じ順位、陣営のあるゲームは陣営をチームとして評価）。mu - 3 sigma とその元になったゲーム数で表示し、5ゲーム未満は暫定です。同じ履歴からはどの端末でも同じレーティングになります。
cli-help-history-ratings-json = テキストの代わりに JSON で出力します（各ゲーム後の各プレイヤーの値も）。
cli-help-history-export-about = ゲームをバックアップ、CSV、BG Stats ファイル、BG Stats リンクとして書き出します。
cli-help-history-export-out = 標準出力の代わりにここへ書き出します。
cli-help-history-export-id = このゲームだけ
cli-help-history-export-format = 書き出す形式。
cli-help-history-export-format-backup = すべてのゲームをそのまま。この端末や別の端末の `history import` で読み込めます。
cli-help-history-export-format-csv = ゲームごと、プレイヤーごとに 1 行。表計算ソフト向け。
cli-help-history-export-format-bgstats = BG Stats のインポート用ファイル（JSON：ゲーム、プレイヤー、場所、プレイを ID で結んだもの）。BG Stats の「ファイルからインポート」用。
cli-help-history-export-format-bgstats-link = プレイごとに BG Stats のプッシュリンクを 1 行ずつ。BG Stats のあるスマホで開くと、保存するプレイが入力されます。
cli-help-history-import-about = バックアップを読み込みます。履歴にすでにあるゲームは飛ばします。
cli-help-history-import-file = `history export --format backup` が書き出したバックアップ。
cli-help-history-import-long = まとめは標準出力へ、拒否した各ゲームは標準エラー出力へ出します。終了ステータス：すべてのゲームを追加したか既にあったときは 0、一部を拒否して残りを読み込んだときは 3、何も読み込めなかったとき（すべて拒否、またはファイルが読めない）は 1。
cli-help-history-add-about = 紙で記録したゲームを、紙の得点表のファイルから記録します。
cli-help-history-add-file = "played_at" のある紙の得点表。
cli-help-history-add-long = ファイルは `score` が読む紙の得点表で、"played_at" を持ちます：タイムゾーン付きの RFC 3339（例："2026-11-14T19:30:00Z"）で、現在より後ではないこと。ゲームは同じエンジンで採点され、アプリで遊んだゲームと同じように履歴に残ります。
cli-help-heading_usage = 使い方:
cli-help-heading_commands = コマンド
cli-help-heading_options = オプション
cli-help-flag_help = ヘルプを表示します
cli-help-flag_version = バージョンを表示します
cli-error = エラー:
cli-error_unknown_argument = 予期しない引数「{ $arg }」があります
cli-error_unknown_command = 不明なコマンド「{ $command }」
cli-error_value_not_offered = 「{ $arg }」に「{ $value }」は指定できません（指定できる値：{ $valid }）
cli-error_value_missing = 「{ $arg }」には値が必要ですが、指定されていません
cli-error_bad_value = 「{ $arg }」の値「{ $value }」が正しくありません
cli-error_missing = 次の引数が必要です：{ $args }
cli-error_conflict = 「{ $arg }」は「{ $prior }」と一緒に使えません
cli-error_value_count = 「{ $arg }」の値の数が正しくありません
cli-error_did_you_mean = ヒント：似たものがあります：「{ $suggested }」
cli-error_more = 詳しくは「--help」を参照してください。
cli-help-heading_arguments = 引数
cli-help-help_command = このヘルプ、または指定したサブコマンドのヘルプを表示します
cli-help-help_command_which = このサブコマンドのヘルプを表示します
cli-help-value_command = COMMAND
cli-help-value_options = オプション
# Placeholders stay ASCII in Japanese: clap aligns the help by characters, and a wide
# character would push the column out of line.
cli-help-value_of-data_dir = DATA_DIR
cli-help-value_of-history_dir = HISTORY_DIR
cli-help-value_of-file = FILE
cli-help-value_of-format = FORMAT
cli-help-value_of-from = FROM
cli-help-value_of-to = TO
cli-help-value_of-game = GAME
cli-help-value_of-id = ID
cli-help-value_of-ip = IP
cli-help-value_of-n = N
cli-help-value_of-seconds = 秒数
cli-help-value_of-out = OUT
cli-help-value_of-player = PLAYER
cli-help-value_of-port = PORT
cli-help-value_of-tag = TAG
cli-help-possible_values = 指定できる値
man-name = 名前
man-synopsis = 書式
man-description = 説明
man-options = オプション
man-version = バージョン
man-authors = 著者

## 使えないファイル：何が悪いか、どこか、どうすればよいか。
load-not_found = { $path }：そのファイルはありません。名前とフォルダを確かめてください。
load-denied = { $path }：このユーザーには読む権限がありません。読み取り権限を与えるか、自分の場所にコピーしてください。
load-not_regular = { $path } はファイルではありません（フォルダ、パイプ、デバイス）。ファイルそのものを指定してください。
load-not_text = { $path } はテキストではありません（UTF-8 ではありません）。tablekeeper が書いたファイルではありません。
load-unreadable = { $path } を読めません：{ $message }
load-too_large = { $path } は { $size } バイトです。{ $max } バイトを超えるファイルは受け付けません。tablekeeper が書いたファイルではありません。
load-not_json = { $path } は正しい JSON ではありません（{ $line } 行 { $column } 列目からおかしくなっています）。途中で切れたか、壊れたか、tablekeeper のファイルではありません。
load-not_json_here = 正しい JSON ではありません（{ $line } 行 { $column } 列目からおかしくなっています）
load-shape = { $path } は tablekeeper のファイルとして読めません：{ $message }
load-unknown_format = { $path } は tablekeeper の保存したゲームでもスコアシートでもありません（「format」が「{ $format }」）
load-and_it_is = { $refusal }：{ $what }
load-is_backup = これはバックアップです。`tablekeeper history import` で取り込めます（`score` はバックアップを表示しません）
load-is_session = これは保存したゲームです。`tablekeeper score` と `replay` で読めます。履歴にはすでにあります
load-is_profile = これはゲームのプロフィールです。データディレクトリの `profiles/` フォルダに置くか、プロフィール編集で読み込んでください
load-newer = { $path } は新しい tablekeeper で書かれています（バージョン { $found }。この版が読めるのは { $supported } まで）。tablekeeper を更新してください。
load-newer_sheet = このシートは新しい tablekeeper で書かれています（バージョン { $found }。この版が読めるのは { $supported } まで）。tablekeeper を更新してください
load-not_a_sheet = 紙のシートではありません（「format」が「{ $format }」で、「{ $sheet }」ではありません）
load-field = 項目 { $detail }
load-in_file = { $path }：{ $reason }
load-unknown_engine = このゲームはこの版にないエンジンのものです：「{ $engine }」
load-no_such_game = ID「{ $game }」のゲームはありません（ゲームのID：{ $ids }）。そのプロフィールをデータディレクトリの `profiles/` フォルダに置いてください
load-journal_header = 記録の1行目が読めません：{ $message }
load-journal_refused = { $line } 行目はルールに反しています。この行とその後の { $after } 行は除きました
load-journal_torn = { $line } 行目は途中で切れています。この行は除きました
load-journal_damaged = { $line } 行目が読めません。この行とその後は除きました
replay_error-setup = このセットアップではプレイできません：{ $reason }
replay_error-event = { $number } 番目の出来事はルールに反しています：{ $reason }
past-entry = { $player }：{ $reason }
profile_error-field_said = プロフィールの `{ $field }` が正しくありません：{ $problem }
profile_error-newer = プロフィールの形式はバージョン { $found } です。この版が読めるのは { $supported } まで。tablekeeper を更新してください

## データディレクトリと履歴。
store-no_data_dir = データディレクトリがありません。{ $variable } を設定するか --data-dir を指定してください
store-in_use = { $path } のデータは別の tablekeeper が使っています。先にそちらを閉じてください（履歴は読めます）
store-io = データディレクトリ { $path } を使えません：{ $message }
store-no_history_folder = { $path }：ここに履歴フォルダはありません（tablekeeper は共有フォルダを作りません。マウントするか、同期ソフトに作らせるか、自分で作ってください）
store-history_io = { $path } の履歴を使えません：{ $message }
store-history_newer = { $path } の履歴は新しい tablekeeper で書かれています（バージョン { $found }）。読み取り専用で開いています
store-history_read_only = 履歴は読み取り専用で開いています
store-no_such_game = 履歴にゲーム { $id } はありません。`tablekeeper history list` でIDがわかります
store-session_file = { $id } のゲームファイルが読めません：{ $message }
store-journal_io = 記録 { $path } が読めません：{ $message }
store-journal_no_header = 記録 { $path } の先頭が読めません。{ $kept } として残しました
store-journal_newer = 記録 { $path } は新しい tablekeeper で書かれています（バージョン { $found }）。手を付けずに残します
store-journal_engine = 記録 { $path } は { $engine } エンジンのものです。手を付けずに残します
cli-left_unread = { $refusal }：{ $file } はありますが、読み込んでいません：{ $reason }
profile_error-unreadable = ファイルが読めません：{ $message }
profile_error-shipped = 「{ $id }」はアプリに入っているゲームです。コピーには別のIDを付けてください
profile_error-bad_id = ゲームIDに使えるのは a–z、0–9、- だけです（例：「my-game」）。「{ $id }」は使えません

## バックアップの取り込み：断ったゲーム、または取り込むために変えたもの。
import-not_a_backup = このファイルは tablekeeper のバックアップではありません：{ $detail }
import-newer = このバックアップは新しい tablekeeper で書かれています（バージョン { $found }。この版が読めるのは { $supported } まで）。tablekeeper を更新してください
import-game_too_large = バックアップの { $number } 番目のゲームが { $max } バイトを超えています
import-name_cut = { $max } 文字を超えるプレイヤー名を「{ $name }」に縮めました
import-notes_cut = メモを { $max } 文字に縮めました
import-too_many_players = プレイヤーが { $max } 人を超えています
import-too_many_events = 出来事が { $max } 件を超えています
import-long_name = { $max } 文字を超えるプレイヤー名があります
import-hidden_character = プレイヤー名に { $code }（何も表示されないか、行を分ける文字）が入っています
import-newer_game = 新しい tablekeeper で書かれています（ゲームのバージョン { $found }。この版が読めるのは { $supported } まで）
import-broken_profile = ゲームのプロフィールが使えません：{ $problem }
import-future = 日付が { $at } で、まだ来ていない時刻です
cli-not_a_whole_number = 整数ではありません
cli-not_in_range = { $value } は { $min } から { $max } の範囲にありません
load-cell_takes = 項目 `{ $field }` には数（21、-5、0.5、または "1/3" のような分数）か、個数のリスト（[3, 1]）を入れます
load-not_a_time = 「played_at」が時刻ではありません：「{ $text }」（2026-11-14T19:30:00Z か、このコンピューターのタイムゾーンで 2026-11-14 19:30 と書いてください）
import-hidden_left_out = プレイヤー名に { $code }（何も表示されないか、行を分ける文字）が入っていたので除きました。名前は「{ $name }」になります
problem-name_hidden = 何も表示されない、文字の向きを変える、または行を分ける文字（{ $code }）が入っています。その文字を除いて入力し直してください
problem-name_marks = 1つの文字に記号が重なりすぎています。少なくして入力し直してください
problem-name_too_long = { $max } 文字を超えています。短くしてください
cli-help-check-translation-strict = 足りないメッセージも直すものとして数えます（終了ステータス 1）。
cli-help-check-translation-games = 同梱のゲームの名前と注記のうち、ファイルがまだ訳していないものも、英語つきの `name-…` メッセージとして一覧にします。プロファイルを変えずに訳せます。

## データフォルダーの locales/ にある翻訳ファイル。
translation-left_out = 言語ファイルを読み込みませんでした：{ $file }：{ $reason }
translation-unreadable_lines = { $file }：{ $count } 行が読めません（最初は { $line } 行目）。そのメッセージは英語で表示されます。`tablekeeper check-translation` で確かめられます。
translation-rename = ファイル名が言語タグではありません。{ $name } という名前にしてください
translation-not_a_tag = ファイル名が言語タグではありません（fr.ftl、pt-BR.ftl）
translation-io = 読めません：{ $message }
translation-too_large = 2 MB を超えています
translation-too_deep = { $line } 行目でプレースホルダーが { $max } 段より深く入れ子になっています
settings-translation_problems = 言語ファイル：
help-keys_next = スペース
help-keys_undo = Ctrl+Z
help-keys_redo = Ctrl+Shift+Z
help-keys_pause = P
help-keys_help = F1 / ?
help-keys_table_view = T
help-keys_fields = Tab / Shift+Tab
help-keys_close = Esc
venue-after_change = { $after }（{ $change }）
number-percent = { $number }%

## package
# The desktop entry and the software centre's page (examples/package_assets.rs writes them
# for every shipped language). Keywords are separated by ";" and end with one.
package-generic_name = ボードゲームの記録係
package-comment = 手番・時間・ダイス・卵・スコアシートを記録します
package-keywords = ボードゲーム;スコア;タイマー;TERRAVIST;テラビスト;
package-summary = 卓上のボードゲームの手番・時間・ダイス・スコアシートの記録係
package-about = tablekeeper は、本物のボードゲームを遊ぶ卓の横に置く記録係です。ラウンドと手番、誰の手番でどれだけ時間がかかったか、ダイスと振り直しの可否、生きものカードの卵、ラウンド目的、終了時のスコアシート、遊んだゲームの履歴を記録します。
package-games = 最初に対応したゲームはテラビストです。アース、ラッツ・オブ・ウィスター、テラマラ、レヴィアス、エディタで作ったゲームも同じ時計・スコアシート・履歴で遊べます。各プレイヤーは自分のスマホから自分の手番を終えられます（ローカルネットワーク）。
