import { definePublicMessages } from './define-messages';

/** Strings every participant page shares: header, language switch, stock pages, general errors. */
const en = {
  PUBLIC: {
    LOGO_ALT: 'Study logo',
    DEFAULT_LOGO_ALT: 'Trialbase',
    LANGUAGE: 'Language',
    LOADING: 'Loading…',
    POWERED_BY: 'Powered by Trialbase',
    ERRORS: {
      500: 'Something went wrong. Please try again in a moment.',
      403: 'You do not have permission to access this page.',
      OFFLINE: 'No connection. Check your internet connection and try again.',
      NO_DATA: 'Your link could not be read. Please open the link from your message again.',
      RATE_LIMITED: 'Too many attempts. Please wait a few minutes and try again.',
      EXCEPTION: 'An unexpected error occurred.',
    },
    NOT_FOUND: {
      TITLE: 'Page not found',
      TEXT: 'The page you were looking for was not found.',
    },
    GO_BACK: 'Go back',
    CLOSE: 'Close',
  },
};

export type PublicCommonMessages = typeof en;

export const publicCommonMessages = definePublicMessages(en, {
  da: {
    PUBLIC: {
      LOGO_ALT: 'Undersøgelsens logo',
      DEFAULT_LOGO_ALT: 'Trialbase',
      LANGUAGE: 'Sprog',
      LOADING: 'Indlæser…',
      POWERED_BY: 'Drevet af Trialbase',
      ERRORS: {
        500: 'Noget gik galt. Prøv igen om et øjeblik.',
        403: 'Du har ikke adgang til denne side.',
        OFFLINE: 'Ingen forbindelse. Tjek din internetforbindelse, og prøv igen.',
        NO_DATA: 'Dit link kunne ikke læses. Åbn linket fra din besked igen.',
        RATE_LIMITED: 'For mange forsøg. Vent et par minutter, og prøv igen.',
        EXCEPTION: 'Der opstod en uventet fejl.',
      },
      NOT_FOUND: { TITLE: 'Siden blev ikke fundet', TEXT: 'Siden, du ledte efter, blev ikke fundet.' },
      GO_BACK: 'Gå tilbage',
      CLOSE: 'Luk',
    },
  },
  de: {
    PUBLIC: {
      LOGO_ALT: 'Logo der Studie',
      DEFAULT_LOGO_ALT: 'Trialbase',
      LANGUAGE: 'Sprache',
      LOADING: 'Wird geladen…',
      POWERED_BY: 'Bereitgestellt von Trialbase',
      ERRORS: {
        500: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es gleich noch einmal.',
        403: 'Sie haben keine Berechtigung für diese Seite.',
        OFFLINE: 'Keine Verbindung. Prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
        NO_DATA:
          'Ihr Link konnte nicht gelesen werden. Bitte öffnen Sie den Link aus Ihrer Nachricht erneut.',
        RATE_LIMITED: 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
        EXCEPTION: 'Ein unerwarteter Fehler ist aufgetreten.',
      },
      NOT_FOUND: { TITLE: 'Seite nicht gefunden', TEXT: 'Die gesuchte Seite wurde nicht gefunden.' },
      GO_BACK: 'Zurück',
      CLOSE: 'Schließen',
    },
  },
  es: {
    PUBLIC: {
      LOGO_ALT: 'Logotipo del estudio',
      DEFAULT_LOGO_ALT: 'Trialbase',
      LANGUAGE: 'Idioma',
      LOADING: 'Cargando…',
      POWERED_BY: 'Con la tecnología de Trialbase',
      ERRORS: {
        500: 'Algo salió mal. Inténtelo de nuevo en un momento.',
        403: 'No tiene permiso para acceder a esta página.',
        OFFLINE: 'Sin conexión. Compruebe su conexión a internet e inténtelo de nuevo.',
        NO_DATA: 'No se pudo leer su enlace. Abra de nuevo el enlace de su mensaje.',
        RATE_LIMITED: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.',
        EXCEPTION: 'Se produjo un error inesperado.',
      },
      NOT_FOUND: { TITLE: 'Página no encontrada', TEXT: 'No se encontró la página que buscaba.' },
      GO_BACK: 'Volver',
      CLOSE: 'Cerrar',
    },
  },
  fr: {
    PUBLIC: {
      LOGO_ALT: 'Logo de l’étude',
      DEFAULT_LOGO_ALT: 'Trialbase',
      LANGUAGE: 'Langue',
      LOADING: 'Chargement…',
      POWERED_BY: 'Propulsé par Trialbase',
      ERRORS: {
        500: 'Un problème est survenu. Veuillez réessayer dans un instant.',
        403: 'Vous n’avez pas l’autorisation d’accéder à cette page.',
        OFFLINE: 'Pas de connexion. Vérifiez votre connexion internet et réessayez.',
        NO_DATA: 'Votre lien n’a pas pu être lu. Veuillez rouvrir le lien de votre message.',
        RATE_LIMITED: 'Trop de tentatives. Veuillez patienter quelques minutes et réessayer.',
        EXCEPTION: 'Une erreur inattendue s’est produite.',
      },
      NOT_FOUND: { TITLE: 'Page introuvable', TEXT: 'La page que vous cherchiez est introuvable.' },
      GO_BACK: 'Retour',
      CLOSE: 'Fermer',
    },
  },
  ar: {
    PUBLIC: {
      LOGO_ALT: 'شعار الدراسة',
      DEFAULT_LOGO_ALT: 'Trialbase',
      LANGUAGE: 'اللغة',
      LOADING: 'جارٍ التحميل…',
      POWERED_BY: 'مدعوم من Trialbase',
      ERRORS: {
        500: 'حدث خطأ ما. يرجى المحاولة مرة أخرى بعد قليل.',
        403: 'ليس لديك إذن للوصول إلى هذه الصفحة.',
        OFFLINE: 'لا يوجد اتصال. تحقق من اتصالك بالإنترنت وحاول مرة أخرى.',
        NO_DATA: 'تعذرت قراءة الرابط. يرجى فتح الرابط من رسالتك مرة أخرى.',
        RATE_LIMITED: 'محاولات كثيرة جدًا. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.',
        EXCEPTION: 'حدث خطأ غير متوقع.',
      },
      NOT_FOUND: { TITLE: 'الصفحة غير موجودة', TEXT: 'لم يتم العثور على الصفحة التي تبحث عنها.' },
      GO_BACK: 'رجوع',
      CLOSE: 'إغلاق',
    },
  },
  'he-il': {
    PUBLIC: {
      LOGO_ALT: 'לוגו המחקר',
      DEFAULT_LOGO_ALT: 'Trialbase',
      LANGUAGE: 'שפה',
      LOADING: 'טוען…',
      POWERED_BY: 'מופעל על ידי Trialbase',
      ERRORS: {
        500: 'משהו השתבש. נסו שוב בעוד רגע.',
        403: 'אין לך הרשאה לגשת לדף זה.',
        OFFLINE: 'אין חיבור. בדקו את חיבור האינטרנט ונסו שוב.',
        NO_DATA: 'לא ניתן היה לקרוא את הקישור. פתחו שוב את הקישור מההודעה.',
        RATE_LIMITED: 'יותר מדי ניסיונות. המתינו כמה דקות ונסו שוב.',
        EXCEPTION: 'אירעה שגיאה בלתי צפויה.',
      },
      NOT_FOUND: { TITLE: 'הדף לא נמצא', TEXT: 'הדף שחיפשת לא נמצא.' },
      GO_BACK: 'חזרה',
      CLOSE: 'סגירה',
    },
  },
  ur: {
    PUBLIC: {
      LOGO_ALT: 'مطالعے کا لوگو',
      DEFAULT_LOGO_ALT: 'Trialbase',
      LANGUAGE: 'زبان',
      LOADING: 'لوڈ ہو رہا ہے…',
      POWERED_BY: 'Trialbase کے ذریعے',
      ERRORS: {
        500: 'کچھ غلط ہو گیا۔ براہ کرم تھوڑی دیر بعد دوبارہ کوشش کریں۔',
        403: 'آپ کو اس صفحے تک رسائی کی اجازت نہیں ہے۔',
        OFFLINE: 'کوئی کنکشن نہیں۔ اپنا انٹرنیٹ کنکشن چیک کریں اور دوبارہ کوشش کریں۔',
        NO_DATA: 'آپ کا لنک پڑھا نہیں جا سکا۔ براہ کرم اپنے پیغام سے لنک دوبارہ کھولیں۔',
        RATE_LIMITED: 'بہت زیادہ کوششیں۔ چند منٹ انتظار کریں اور دوبارہ کوشش کریں۔',
        EXCEPTION: 'ایک غیر متوقع خرابی پیش آئی۔',
      },
      NOT_FOUND: { TITLE: 'صفحہ نہیں ملا', TEXT: 'آپ جو صفحہ تلاش کر رہے تھے وہ نہیں ملا۔' },
      GO_BACK: 'واپس جائیں',
      CLOSE: 'بند کریں',
    },
  },
});
