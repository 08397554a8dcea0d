/** About `bytes` of dense minified code; `withApi` sprinkles SCORM 1.2 calls through it. */
export function minifiedBundle(bytes: number, withApi: boolean): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const api =
      withApi && i % 10 === 0 ? `||window.API&&window.API.LMSGetValue("cmi.core.lesson_status")` : '';
    const s = `function f${i}(a,b){var c=a+b*${i};if(c>${i % 97}){return{k${i}:[c,"s${i}",b&&a.x${i % 13}]}}for(var d=0;d<a.length;d++){c+=a[d]?a[d].v:0}return c}var v${i}=function(e){return f${i}(e,${i})${api}};`;
    parts.push(s);
    size += s.length;
  }
  return `!function(){${parts.join('')}}();`;
}
