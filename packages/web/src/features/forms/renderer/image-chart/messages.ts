// Strings of the image-chart drawing card, under RENDERER.IMAGE_CHART in every UI language.
export const imageChartEn = {
  TITLE: 'Chart',
  TOOLS: 'Drawing tools',
  PEN: 'Pen',
  ERASER: 'Eraser',
  UNDO: 'Undo',
  COLOR: 'Colour',
  CANVAS: 'Chart image to draw on. {{count}} markers drawn.',
  HINT_PEN: 'Draw on the chart with the pen in the chosen colour.',
  HINT_ERASER: 'Tap or click a marker to remove it.',
  COUNT: 'Markers: {{count}}',
  NO_COLORS: 'This chart has no colours to draw with.',
  LOAD_ERROR: 'The chart image could not be loaded.',
  NO_IMAGE: 'This chart has no image yet.',
};

type ImageChartMessages = typeof imageChartEn;

export const imageChartAr: ImageChartMessages = {
  TITLE: 'المخطط',
  TOOLS: 'أدوات الرسم',
  PEN: 'القلم',
  ERASER: 'الممحاة',
  UNDO: 'تراجع',
  COLOR: 'اللون',
  CANVAS: 'صورة المخطط للرسم عليها. عدد العلامات المرسومة: {{count}}.',
  HINT_PEN: 'ارسم على المخطط بالقلم باللون المختار.',
  HINT_ERASER: 'انقر على علامة لإزالتها.',
  COUNT: 'العلامات: {{count}}',
  NO_COLORS: 'لا يحتوي هذا المخطط على ألوان للرسم.',
  LOAD_ERROR: 'تعذر تحميل صورة المخطط.',
  NO_IMAGE: 'لا توجد صورة لهذا المخطط بعد.',
};

export const imageChartDa: ImageChartMessages = {
  TITLE: 'Diagram',
  TOOLS: 'Tegneværktøjer',
  PEN: 'Pen',
  ERASER: 'Viskelæder',
  UNDO: 'Fortryd',
  COLOR: 'Farve',
  CANVAS: 'Diagrambillede at tegne på. {{count}} markeringer tegnet.',
  HINT_PEN: 'Tegn på diagrammet med pennen i den valgte farve.',
  HINT_ERASER: 'Tryk eller klik på en markering for at fjerne den.',
  COUNT: 'Markeringer: {{count}}',
  NO_COLORS: 'Dette diagram har ingen farver at tegne med.',
  LOAD_ERROR: 'Diagrambilledet kunne ikke indlæses.',
  NO_IMAGE: 'Dette diagram har endnu intet billede.',
};

export const imageChartDe: ImageChartMessages = {
  TITLE: 'Grafik',
  TOOLS: 'Zeichenwerkzeuge',
  PEN: 'Stift',
  ERASER: 'Radierer',
  UNDO: 'Rückgängig',
  COLOR: 'Farbe',
  CANVAS: 'Grafik zum Einzeichnen. {{count}} Markierungen gezeichnet.',
  HINT_PEN: 'Zeichnen Sie mit dem Stift in der gewählten Farbe auf die Grafik.',
  HINT_ERASER: 'Tippen oder klicken Sie auf eine Markierung, um sie zu entfernen.',
  COUNT: 'Markierungen: {{count}}',
  NO_COLORS: 'Diese Grafik hat keine Farben zum Zeichnen.',
  LOAD_ERROR: 'Das Bild der Grafik konnte nicht geladen werden.',
  NO_IMAGE: 'Diese Grafik hat noch kein Bild.',
};

export const imageChartHe: ImageChartMessages = {
  TITLE: 'תרשים',
  TOOLS: 'כלי ציור',
  PEN: 'עט',
  ERASER: 'מחק',
  UNDO: 'ביטול',
  COLOR: 'צבע',
  CANVAS: 'תמונת תרשים לציור. סומנו {{count}} סימונים.',
  HINT_PEN: 'ציירו על התרשים בעט בצבע שנבחר.',
  HINT_ERASER: 'הקישו או לחצו על סימון כדי להסיר אותו.',
  COUNT: 'סימונים: {{count}}',
  NO_COLORS: 'לתרשים זה אין צבעים לציור.',
  LOAD_ERROR: 'לא ניתן היה לטעון את תמונת התרשים.',
  NO_IMAGE: 'לתרשים זה אין עדיין תמונה.',
};

export const imageChartUr: ImageChartMessages = {
  TITLE: 'چارٹ',
  TOOLS: 'ڈرائنگ کے اوزار',
  PEN: 'قلم',
  ERASER: 'ربڑ',
  UNDO: 'واپس کریں',
  COLOR: 'رنگ',
  CANVAS: 'ڈرائنگ کے لیے چارٹ کی تصویر۔ {{count}} نشانات بنائے گئے۔',
  HINT_PEN: 'منتخب رنگ میں قلم سے چارٹ پر ڈرا کریں۔',
  HINT_ERASER: 'کسی نشان کو ہٹانے کے لیے اس پر ٹیپ یا کلک کریں۔',
  COUNT: 'نشانات: {{count}}',
  NO_COLORS: 'اس چارٹ میں ڈرائنگ کے لیے کوئی رنگ نہیں ہے۔',
  LOAD_ERROR: 'چارٹ کی تصویر لوڈ نہیں ہو سکی۔',
  NO_IMAGE: 'اس چارٹ کی ابھی کوئی تصویر نہیں ہے۔',
};
