import { formatCents, formatRands } from '../domain/money.js';

/**
 * The sandbox's playable slot, opened by a launched game's gameUrl. The URL fragment carries the game session
 * token (#session=...) or #demo=1; fragments never reach a server, so tokens stay out of access logs. Its inline
 * script and style carry the nonce its Content-Security-Policy names (http/page-headers.ts). Amounts read as in the
 * casino's other texts: its script carries domain/money.ts's formatRands (and the formatCents it uses) as they are.
 */
export function slotPage(game: { name: string; game_code: string; product: string }, nonce: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(game.name)}</title>
<style nonce="${nonce}">
  body{margin:0;font-family:system-ui,sans-serif;background:#120a2a;color:#fff;display:grid;place-items:center;min-height:100vh}
  main{text-align:center;padding:16px;max-width:420px;width:100%}
  .reels{display:flex;gap:8px;justify-content:center;margin:16px 0}
  .reel{width:88px;height:88px;border-radius:12px;background:#2b1b5e;display:grid;place-items:center;font-size:44px}
  button,select{font:inherit;padding:10px 16px;border-radius:8px;border:0}
  button{background:#ffcc00;color:#120a2a;font-weight:700;min-width:140px}
  button:focus-visible,select:focus-visible{outline:3px solid #7dd3fc;outline-offset:2px}
  button[disabled]{opacity:.6}
  .error{color:#fca5a5}
  .note{font-size:14px;color:#d8ccff;margin:0}
</style></head>
<body><main>
  <h1>${esc(game.name)}</h1>
  <p>${esc(game.product)} &middot; <span id="mode">Real play</span></p>
  <p>Balance: <strong id="balance">&hellip;</strong></p>
  <p id="split" class="note"></p>
  <div class="reels" aria-hidden="true"><div class="reel" id="r0">7</div><div class="reel" id="r1">7</div><div class="reel" id="r2">7</div></div>
  <label>Stake <select id="stake"><option value="1">R1</option><option value="2">R2</option><option value="5">R5</option><option value="10" selected>R10</option><option value="50">R50</option></select></label>
  <button id="spin" type="button">Spin</button>
  <p id="result" role="status" aria-live="polite"></p>
</main>
<script nonce="${nonce}">
const FACES={cherry:'🍒',lemon:'🍋',bell:'🔔',star:'⭐',diamond:'💎',seven:'7'};
const params=new URLSearchParams(location.hash.slice(1));
const session=params.get('session');const demo=!session||params.get('demo')==='1';
let demoCents=100000;
const $=(id)=>document.getElementById(id);
$('mode').textContent=demo?'Demo play':'Real play';
// Stakes come from cash first, then from the bonus; a win goes where its stake came from (docs/rules.md#bonus-money).
${String(formatCents)}
${String(formatRands)}
const toCents=(amount)=>Math.round(parseFloat(amount)*100);
const cents=(wallets,g)=>toCents((wallets.find((w)=>w.gateway===g)||{balance:'0'}).balance);
function showBalance(wallets){if(demo){$('balance').textContent=formatRands(demoCents)+' (demo)';return;}
  const cash=cents(wallets,'callpay'),bonus=cents(wallets,'bonus'),stake=Number($('stake').value)*100;
  $('balance').textContent=formatRands(cash+bonus);
  $('split').textContent=bonus>0?'Cash '+formatRands(cash)+' · Bonus '+formatRands(bonus)+'. '+(cash>=stake?'Stakes come from your cash.':'Stakes now come from your bonus; wins go to your bonus.'):'';}
async function call(path,body){const headers={'content-type':'application/json'};if(session)headers.authorization='Bearer '+session;
  const res=await fetch(path,{method:'POST',headers,body:JSON.stringify(body)});const json=await res.json();
  if(!res.ok)throw new Error(json.error||'An error occurred');return json;}
async function refresh(){if(demo)return showBalance([]);try{showBalance((await call('/sandbox/wallet',{})).wallets);}catch(e){$('result').textContent=e.message;}}
$('spin').addEventListener('click',async()=>{const stake=Number($('stake').value);$('spin').disabled=true;$('result').className='';
  try{const r=await call('/sandbox/spin',{gameCode:${JSON.stringify(game.game_code)},stake,demo});
    r.reels.forEach((s,i)=>{$('r'+i).textContent=FACES[s];});
    if(demo){demoCents+=toCents(r.win)-stake*100;showBalance([]);}else showBalance(r.wallets);
    const bonus=r.wallet==='bonus';
    $('result').textContent=(bonus?'Staked from your bonus. ':'')+(Number(r.win)>0?'You won '+formatRands(toCents(r.win))+(bonus?', added to your bonus balance.':'!'):'No win this time.');}
  catch(e){$('result').className='error';$('result').textContent=e.message;}
  finally{$('spin').disabled=false;$('spin').focus();}});
refresh();
</script></body></html>`;
}
